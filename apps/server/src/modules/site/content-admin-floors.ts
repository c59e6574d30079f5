import type { Page } from "@shop/contract/codes";
import type { FloorBlockInput, FloorInput, PickableGoods, StaffFloor } from "@shop/contract/domains/admin-content";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { mapPage, paginate } from "../../core/paging.ts";
import { purgeTags } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import { goodsStockColumn } from "../goods/goods-stock.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { loadFloors } from "./floors.ts";
import { reorder, storedLink } from "./content-admin-shared.ts";

/**
 * The home page's floors in the back office (pc_floor). A floor is one of the storefront's styles
 * (FLOOR_STYLES in the contract) with named blocks; it is stored as the reference stores it: a JSON
 * object of {type, value} blocks, goods and categories by id (the public call fills their lists),
 * links as {"url": …}. Every write purges the floor tag (the home page and /api/pc/floors).
 */

export const listStaffFloors = (db: Db): Promise<StaffFloor[]> => loadFloors(db, { withHidden: true });

/** The block as stored: links in the reference's form, lists as ids with an empty list. */
function storedBlock(block: FloorBlockInput): unknown {
  switch (block.type) {
    case "text":
      return { type: "text", value: { ...block.value, link: storedLink(block.value.link) } };
    case "img":
      return { type: "img", value: { ...block.value, link: storedLink(block.value.link) } };
    case "goods":
      return { type: "goods", value: { goods_ids: block.value.goods_ids, list: [] } };
    case "category":
      return { type: "category", value: { category_ids: block.value.category_ids, list: [] } };
  }
}

/** Goods and categories a floor names must exist (a deleted goods later just drops out of the floor). */
async function checkReferences(tx: Db, input: FloorInput): Promise<void> {
  const blocks = Object.values(input.value);
  const goodsIds = [...new Set(blocks.flatMap((block) => (block.type === "goods" ? block.value.goods_ids : [])))];
  const categoryIds = [...new Set(blocks.flatMap((block) => (block.type === "category" ? block.value.category_ids : [])))];
  if (goodsIds.length) {
    const found = await tx.selectFrom("goods").select("goods_id").where("goods_id", "in", goodsIds).where("is_delete", "=", 0).execute();
    const known = new Set(found.map((row) => row.goods_id));
    const missing = goodsIds.filter((id) => !known.has(id));
    if (missing.length) fail(`商品 ${missing.join("、")} 不存在或已删除`);
  }
  if (categoryIds.length) {
    const found = await tx.selectFrom("goods_category").select("category_id").where("category_id", "in", categoryIds).execute();
    const known = new Set(found.map((row) => row.category_id));
    const missing = categoryIds.filter((id) => !known.has(id));
    if (missing.length) fail(`商品分类 ${missing.join("、")} 不存在`);
  }
}

const floorColumns = (input: FloorInput) => ({
  block_name: input.block_name,
  title: input.title,
  state: input.state,
  value: JSON.stringify(Object.fromEntries(Object.entries(input.value).map(([name, block]) => [name, storedBlock(block)]))),
});

export function addFloor(db: Db, caller: StaffCaller, input: FloorInput): Promise<{ id: number }> {
  return unitOfWork(db, async (tx) => {
    await checkReferences(tx, input);
    const last = await tx.selectFrom("pc_floor").select((eb) => eb.fn.max("sort").as("max")).executeTakeFirst();
    const sort = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
    const { id } = await tx.insertInto("pc_floor").values({ ...floorColumns(input), sort }).returning("id").executeTakeFirstOrThrow();
    await logStaffAction(tx, caller, "pc.addfloor", { type: "pc_floor", id }, { ...input });
    await purgeTags({ db: tx }, [CacheTag.floor]);
    return { id };
  });
}

async function requireFloor(tx: Db, id: number): Promise<{ title: string }> {
  return (await tx.selectFrom("pc_floor").select("title").where("id", "=", id).executeTakeFirst()) ?? fail("楼层不存在");
}

export function editFloor(db: Db, caller: StaffCaller, id: number, input: FloorInput): Promise<{ id: number }> {
  return unitOfWork(db, async (tx) => {
    await requireFloor(tx, id);
    await checkReferences(tx, input);
    await tx.updateTable("pc_floor").set(floorColumns(input)).where("id", "=", id).execute();
    await logStaffAction(tx, caller, "pc.editfloor", { type: "pc_floor", id }, { ...input });
    await purgeTags({ db: tx }, [CacheTag.floor]);
    return { id };
  });
}

export function modifyFloorState(db: Db, caller: StaffCaller, id: number, state: 0 | 1): Promise<null> {
  return unitOfWork(db, async (tx) => {
    await requireFloor(tx, id);
    await tx.updateTable("pc_floor").set({ state }).where("id", "=", id).execute();
    await logStaffAction(tx, caller, "pc.modifyfloorstate", { type: "pc_floor", id }, { state });
    await purgeTags({ db: tx }, [CacheTag.floor]);
    return null;
  });
}

export function deleteFloor(db: Db, caller: StaffCaller, id: number): Promise<null> {
  return unitOfWork(db, async (tx) => {
    const floor = await requireFloor(tx, id);
    await tx.deleteFrom("pc_floor").where("id", "=", id).execute();
    await logStaffAction(tx, caller, "pc.deletefloor", { type: "pc_floor", id }, floor);
    await purgeTags({ db: tx }, [CacheTag.floor]);
    return null;
  });
}

export function sortFloors(db: Db, caller: StaffCaller, ids: number[]): Promise<null> {
  return unitOfWork(db, async (tx) => {
    const current = await tx.selectFrom("pc_floor").select("id").execute();
    await reorder(tx, "pc_floor", current.map((row) => row.id), ids, "楼层");
    await logStaffAction(tx, caller, "pc.floorsort", { type: "pc_floor", id: "all" }, { ids });
    await purgeTags({ db: tx }, [CacheTag.floor]);
    return null;
  });
}

/** Goods the floor editor can pick: not deleted, by name (or the given ids, to name a floor's goods), newest first. */
export async function selectableGoods(
  db: Db,
  query: { page: number; page_size: number; search_text: string; goods_ids?: number[] | undefined },
): Promise<Page<PickableGoods>> {
  let goods = db
    .selectFrom("goods")
    .select(["goods.goods_id", "goods.goods_name", "goods.goods_image", "goods.price_cents", "goods.goods_state", goodsStockColumn])
    .where("goods.is_delete", "=", 0)
    .orderBy("goods.goods_id", "desc");
  if (query.goods_ids) goods = goods.where("goods.goods_id", "in", query.goods_ids.length ? query.goods_ids : [0]);
  if (query.search_text) {
    const asId = Number(query.search_text);
    goods = goods.where((eb) =>
      Number.isSafeInteger(asId) && asId > 0
        ? eb.or([eb("goods.goods_name", "like", `%${query.search_text}%`), eb("goods.goods_id", "=", asId)])
        : eb("goods.goods_name", "like", `%${query.search_text}%`),
    );
  }
  return mapPage(await paginate(db, goods, query), (row) => ({
    goods_id: row.goods_id,
    goods_name: row.goods_name,
    goods_image: row.goods_image.split(",")[0]?.trim() ?? "",
    price: yuan(row.price_cents),
    goods_stock: Number(row.goods_stock ?? 0),
    goods_state: row.goods_state,
  }));
}
