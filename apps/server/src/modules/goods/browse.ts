import type { Kysely } from "kysely";
import type { BrowseItem, Page } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { now } from "../../core/time.ts";
import { fail } from "../../core/errors.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { RECORD_GOODS_COLUMNS, resolveRecordSku, toRecordGoods } from "./collect-browse-items.ts";

/** Records a footprint: one row per member and goods, moved to the latest SKU and time (an upsert). */
export async function addBrowse(db: Kysely<DB>, memberId: number, goodsId: number, skuId: number): Promise<null> {
  const recordSku = await resolveRecordSku(db, goodsId, skuId);
  const browseTime = now();
  await db
    .insertInto("goods_browse")
    .values({ member_id: memberId, goods_id: goodsId, sku_id: recordSku, browse_time: browseTime })
    .onConflict((conflict) => conflict.columns(["member_id", "goods_id"]).doUpdateSet({ sku_id: recordSku, browse_time: browseTime }))
    .execute();
  return null;
}

/** The member's footprints, latest first; goods since deleted drop out. */
export async function pageBrowses(db: Kysely<DB>, memberId: number, paging: PageRequest): Promise<Page<BrowseItem>> {
  const query = db
    .selectFrom("goods_browse as record")
    .innerJoin("goods", "goods.goods_id", "record.goods_id")
    .leftJoin("goods_sku as sku", "sku.sku_id", "record.sku_id")
    .select(["record.id", "record.browse_time", "record.goods_id", "record.sku_id", ...RECORD_GOODS_COLUMNS])
    .where("record.member_id", "=", memberId)
    .where("goods.is_delete", "=", 0)
    .orderBy("record.browse_time", "desc")
    .orderBy("record.id", "desc");
  const page = await paginate(db, query, paging);
  return mapPage(page, (row) => ({ id: row.id, browse_time: row.browse_time, ...toRecordGoods(row) }));
}

/** Deletes one footprint of this member; another member's id is as unknown as a missing one. */
export async function deleteBrowse(db: Kysely<DB>, memberId: number, id: number): Promise<null> {
  const removed = await db.deleteFrom("goods_browse").where("id", "=", id).where("member_id", "=", memberId).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) fail("足迹不存在");
  return null;
}
