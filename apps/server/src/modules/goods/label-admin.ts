import type { AdminGoodsLabel } from "@shop/contract/domains/admin-catalog";
import type { Db } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import type { CatalogChange } from "./catalog-change.ts";

/**
 * Goods labels (新品, 爆款 …; /shopapi/goodslabel/*). Goods keep the label's id and, for lists,
 * its name (goods.label_id, goods.label_name): a rename is written onto them.
 */

export interface LabelInput {
  label_name: string;
  sort: number;
}

export function listGoodsLabels(db: Db): Promise<AdminGoodsLabel[]> {
  return db.selectFrom("goods_label").select(["id", "label_name", "sort", "create_time"]).orderBy("sort").orderBy("id").execute();
}

async function refuseTwin(db: Db, name: string, exceptId = 0): Promise<void> {
  const twin = await db.selectFrom("goods_label").select("id").where("label_name", "=", name).where("id", "!=", exceptId).executeTakeFirst();
  if (twin) fail(`已有名为「${name}」的商品标签`);
}

const goodsWithLabel = async (db: Db, id: number) =>
  (await db.selectFrom("goods").select("goods_id").where("label_id", "=", id).execute()).map((row) => row.goods_id);

export async function addGoodsLabel(tx: Db, input: LabelInput): Promise<CatalogChange<{ id: number }>> {
  await refuseTwin(tx, input.label_name);
  const { id } = await tx.insertInto("goods_label").values({ ...input, create_time: now() }).returning("id").executeTakeFirstOrThrow();
  return { result: { id }, tags: [] };
}

export async function editGoodsLabel(tx: Db, id: number, input: LabelInput): Promise<CatalogChange<{ id: number }>> {
  await refuseTwin(tx, input.label_name, id);
  expectAffected(await tx.updateTable("goods_label").set(input).where("id", "=", id).executeTakeFirst(), 1, "商品标签不存在");
  const goodsIds = await goodsWithLabel(tx, id);
  if (goodsIds.length > 0) await tx.updateTable("goods").set({ label_name: input.label_name }).where("label_id", "=", id).execute();
  return { result: { id }, tags: goodsIds.length > 0 ? [CacheTag.goodsList, ...goodsIds.map(CacheTag.goods)] : [] };
}

/** Refused while goods carry the label (the goods editor would show a label that is gone). */
export async function deleteGoodsLabel(tx: Db, id: number): Promise<CatalogChange<{ id: number }>> {
  const goodsIds = await goodsWithLabel(tx, id);
  if (goodsIds.length > 0) fail(`还有 ${goodsIds.length} 个商品使用该标签，请先在商品中取消该标签`);
  expectAffected(await tx.deleteFrom("goods_label").where("id", "=", id).executeTakeFirst(), 1, "商品标签不存在");
  return { result: { id }, tags: [] };
}

export async function sortGoodsLabels(tx: Db, sorts: ReadonlyArray<{ id: number; sort: number }>): Promise<CatalogChange<{ changed: number }>> {
  for (const { id, sort } of sorts) {
    expectAffected(await tx.updateTable("goods_label").set({ sort }).where("id", "=", id).executeTakeFirst(), 1, "商品标签不存在");
  }
  return { result: { changed: sorts.length }, tags: [] };
}
