import type { AdminGoodsService } from "@shop/contract/domains/admin-catalog";
import type { Db } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import type { CatalogChange } from "./catalog-change.ts";

/**
 * Goods services (正品保障, 七天无理由 …; /shopapi/goodsservice/*): goods list the ids they offer
 * (goods.goods_service_ids "1,3"); the detail page and the footer show them. Their pages are
 * cached under the goods and site tags.
 */

export interface ServiceInput {
  service_name: string;
  desc: string;
  icon: string;
  sort: number;
}

const TAGS = [CacheTag.site, CacheTag.goodsList];

export function listGoodsServices(db: Db): Promise<AdminGoodsService[]> {
  return db.selectFrom("goods_service").select(["id", "service_name", "desc", "icon", "sort"]).orderBy("sort").orderBy("id").execute();
}

async function refuseTwin(db: Db, name: string, exceptId = 0): Promise<void> {
  const twin = await db.selectFrom("goods_service").select("id").where("service_name", "=", name).where("id", "!=", exceptId).executeTakeFirst();
  if (twin) fail(`已有名为「${name}」的商品服务`);
}

/** Goods offering the service (ids are listed comma-separated). */
async function goodsOffering(db: Db, serviceId: number): Promise<Array<{ goods_id: number; goods_service_ids: string }>> {
  const rows = await db.selectFrom("goods").select(["goods_id", "goods_service_ids"]).where("goods_service_ids", "like", `%${serviceId}%`).execute();
  return rows.filter((row) => row.goods_service_ids.split(",").map(Number).includes(serviceId));
}

export async function addGoodsService(tx: Db, input: ServiceInput): Promise<CatalogChange<{ id: number }>> {
  await refuseTwin(tx, input.service_name);
  const { id } = await tx.insertInto("goods_service").values(input).returning("id").executeTakeFirstOrThrow();
  return { result: { id }, tags: TAGS };
}

export async function editGoodsService(tx: Db, id: number, input: ServiceInput): Promise<CatalogChange<{ id: number }>> {
  await refuseTwin(tx, input.service_name, id);
  expectAffected(await tx.updateTable("goods_service").set(input).where("id", "=", id).executeTakeFirst(), 1, "商品服务不存在");
  const goods = await goodsOffering(tx, id);
  return { result: { id }, tags: [...TAGS, ...goods.map((row) => CacheTag.goods(row.goods_id))] };
}

/** Deletes a service and takes it off the goods that offered it. */
export async function deleteGoodsService(tx: Db, id: number): Promise<CatalogChange<{ id: number }>> {
  expectAffected(await tx.deleteFrom("goods_service").where("id", "=", id).executeTakeFirst(), 1, "商品服务不存在");
  const goods = await goodsOffering(tx, id);
  for (const row of goods) {
    const rest = row.goods_service_ids.split(",").filter((value) => value !== "" && Number(value) !== id);
    await tx.updateTable("goods").set({ goods_service_ids: rest.join(",") }).where("goods_id", "=", row.goods_id).execute();
  }
  return { result: { id }, tags: [...TAGS, ...goods.map((row) => CacheTag.goods(row.goods_id))], detail: { goods_count: goods.length } };
}

export async function sortGoodsServices(tx: Db, sorts: ReadonlyArray<{ id: number; sort: number }>): Promise<CatalogChange<{ changed: number }>> {
  for (const { id, sort } of sorts) {
    expectAffected(await tx.updateTable("goods_service").set({ sort }).where("id", "=", id).executeTakeFirst(), 1, "商品服务不存在");
  }
  // Every goods page lists its services in this order (their cached pages carry the site tag).
  return { result: { changed: sorts.length }, tags: TAGS };
}
