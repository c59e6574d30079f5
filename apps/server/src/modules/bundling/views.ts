import { BUNDLING_STATUS_NAMES, cents, type BundlingGoods, type BundlingSku, type StaffBundling } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import type { Row } from "../../db/schema.ts";
import { yuan } from "../../core/money.ts";
import { wireStatus } from "../groupbuy/window.ts";
import { promotionSpecRows } from "../promotion/spec-rows.ts";
import { canSplit, splitPackagePrice } from "./split.ts";

export type BundlingRow = Row<"promotion_bundling">;

const firstImage = (images: string) => images.split(",")[0]?.trim() ?? "";

/** A package's goods with the goods' columns, in the package's order. */
export async function loadPackageGoods(db: Db, blIds: readonly number[]) {
  if (blIds.length === 0) return [];
  return db
    .selectFrom("promotion_bundling_goods")
    .innerJoin("goods", "goods.goods_id", "promotion_bundling_goods.goods_id")
    .select([
      "promotion_bundling_goods.bl_id", "promotion_bundling_goods.goods_id", "promotion_bundling_goods.num", "promotion_bundling_goods.sort",
      "goods.goods_name", "goods.goods_image", "goods.goods_state", "goods.is_delete", "goods.unit", "goods.goods_spec_format", "goods.goods_class",
    ])
    .where("promotion_bundling_goods.bl_id", "in", [...blIds])
    .orderBy("promotion_bundling_goods.bl_id")
    .orderBy("promotion_bundling_goods.sort")
    .orderBy("promotion_bundling_goods.id")
    .execute();
}

export type PackageGoodsRow = Awaited<ReturnType<typeof loadPackageGoods>>[number];

/** The SKUs of these goods, default first, then by id. */
export async function loadGoodsSkus(db: Db, goodsIds: readonly number[]) {
  if (goodsIds.length === 0) return new Map<number, Array<Row<"goods_sku">>>();
  const rows = await db
    .selectFrom("goods_sku")
    .selectAll()
    .where("goods_id", "in", [...new Set(goodsIds)])
    .orderBy("goods_id")
    .orderBy("is_default", "desc")
    .orderBy("sku_id")
    .execute();
  const byGoods = new Map<number, Array<Row<"goods_sku">>>();
  for (const row of rows) byGoods.set(row.goods_id, [...(byGoods.get(row.goods_id) ?? []), row]);
  return byGoods;
}

/** The views of these packages (detail, SKU page list, staff). */
export async function bundlingViews(db: Db, rows: readonly BundlingRow[], at: number): Promise<Array<Omit<StaffBundling, "order_count" | "order_money">>> {
  const goodsRows = await loadPackageGoods(db, rows.map((row) => row.bl_id));
  const skus = await loadGoodsSkus(db, goodsRows.map((row) => row.goods_id));
  return rows.map((row) => {
    const goods = goodsRows.filter((item) => item.bl_id === row.bl_id);
    const defaults = goods.map((item) => skus.get(item.goods_id)?.[0]);
    const items = goods.map((item, index) => ({ num: item.num, priceCents: defaults[index]?.discount_price_cents ?? 0 }));
    const goodsMoney = items.reduce((sum, item) => sum + item.priceCents * item.num, 0);
    const units = canSplit(row.bl_price_cents, items.map((item) => item.num)) ? splitPackagePrice(cents(row.bl_price_cents), items) : items.map(() => 0);
    const stock = goods.length === 0 ? 0 : Math.min(...goods.map((item, index) => Math.floor(Number(defaults[index]?.stock ?? 0) / item.num)));
    const bundlingGoods = goods.map((item, index): BundlingGoods => {
      const sku = defaults[index];
      const image = firstImage(item.goods_image);
      return {
        goods_id: item.goods_id,
        goods_name: item.goods_name,
        num: item.num,
        sku_id: sku?.sku_id ?? 0,
        sku_name: sku?.sku_name ?? item.goods_name,
        sku_image: sku?.sku_image || image,
        price: yuan(sku?.discount_price_cents ?? 0),
        promotion_price: yuan(units[index]! * item.num),
        stock: Number(sku?.stock ?? 0),
        unit: item.unit || "件",
        goods_state: item.goods_state === 1 && item.is_delete === 0 ? 1 : 0,
        goods_spec_format: promotionSpecRows(item.goods_spec_format),
        sku_list: (skus.get(item.goods_id) ?? []).map(
          (option): BundlingSku => ({
            sku_id: option.sku_id,
            sku_name: option.sku_name,
            spec_name: option.spec_name,
            sku_spec_format: option.sku_spec_format || "[]",
            sku_image: option.sku_image || image,
            price: yuan(option.discount_price_cents),
            stock: Number(option.stock),
          }),
        ),
      };
    });
    const status = wireStatus(row, at);
    return {
      bl_id: row.bl_id,
      bl_name: row.bl_name,
      bl_price: yuan(row.bl_price_cents),
      goods_money: yuan(goodsMoney),
      save_money: yuan(Math.max(0, goodsMoney - row.bl_price_cents)),
      start_time: row.start_time,
      end_time: row.end_time,
      status,
      status_name: BUNDLING_STATUS_NAMES[status]!,
      sell_num: Number(row.sell_num),
      stock,
      bundling_goods: bundlingGoods,
      now: at,
      create_time: row.create_time,
      update_time: row.update_time,
    };
  });
}
