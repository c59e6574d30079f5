import type { Kysely } from "kysely";
import type { CollectItem, Page } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { now } from "../../core/time.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { RECORD_GOODS_COLUMNS, resolveRecordSku, toRecordGoods } from "./collect-browse-items.ts";

/**
 * Follows. goods.collect_num moves only together with a row of goods_collect, in one transaction:
 * +1 when an insert really happened (the unique index turns a repeated or concurrent add into a
 * no-op), -1 when a delete really removed a row. So the count stays right under any interleaving.
 */
export async function addCollect(db: Kysely<DB>, memberId: number, goodsId: number, skuId: number | undefined): Promise<number> {
  const recordSku = await resolveRecordSku(db, goodsId, skuId);
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("goods_collect")
      .values({ member_id: memberId, goods_id: goodsId, sku_id: recordSku, create_time: now() })
      .onConflict((conflict) => conflict.columns(["member_id", "goods_id"]).doNothing())
      .returning("collect_id")
      .executeTakeFirst();
    if (inserted) {
      await trx.updateTable("goods").set((eb) => ({ collect_num: eb("collect_num", "+", 1) })).where("goods_id", "=", goodsId).execute();
      return inserted.collect_id;
    }
    const existing = await trx
      .selectFrom("goods_collect")
      .select("collect_id")
      .where("member_id", "=", memberId)
      .where("goods_id", "=", goodsId)
      .executeTakeFirstOrThrow();
    return existing.collect_id;
  });
}

/** 1 when a follow was removed, 0 when there was none (deleting twice is harmless). */
export async function deleteCollect(db: Kysely<DB>, memberId: number, goodsId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("goods_collect")
      .where("member_id", "=", memberId)
      .where("goods_id", "=", goodsId)
      .returning("collect_id")
      .executeTakeFirst();
    if (!removed) return 0;
    await trx
      .updateTable("goods")
      .set((eb) => ({ collect_num: eb("collect_num", "-", 1) }))
      .where("goods_id", "=", goodsId)
      .where("collect_num", ">", 0)
      .execute();
    return 1;
  });
}

export async function isCollected(db: Kysely<DB>, memberId: number, goodsId: number): Promise<0 | 1> {
  const row = await db.selectFrom("goods_collect").select("collect_id").where("member_id", "=", memberId).where("goods_id", "=", goodsId).executeTakeFirst();
  return row ? 1 : 0;
}

/** The member's follows, latest first; goods since deleted drop out, goods off shelf stay (goods_state 0). */
export async function pageCollects(db: Kysely<DB>, memberId: number, paging: PageRequest): Promise<Page<CollectItem>> {
  const query = db
    .selectFrom("goods_collect as record")
    .innerJoin("goods", "goods.goods_id", "record.goods_id")
    .leftJoin("goods_sku as sku", "sku.sku_id", "record.sku_id")
    .select(["record.collect_id", "record.create_time", "record.goods_id", "record.sku_id", ...RECORD_GOODS_COLUMNS])
    .where("record.member_id", "=", memberId)
    .where("goods.is_delete", "=", 0)
    .orderBy("record.create_time", "desc")
    .orderBy("record.collect_id", "desc");
  const page = await paginate(db, query, paging);
  return mapPage(page, (row) => ({ collect_id: row.collect_id, create_time: row.create_time, ...toRecordGoods(row) }));
}
