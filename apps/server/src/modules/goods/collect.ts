import type { CollectItem, Page } from "@shop/contract";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { now } from "../../core/time.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { RECORD_GOODS_COLUMNS, memberDiscountPercent, resolveRecordSku, toRecordGoods } from "./collect-browse-items.ts";

/**
 * Follows. goods.collect_num moves only together with a row of goods_collect, in one unit of work:
 * +1 when an insert really happened (the unique index turns a repeated or concurrent add into a
 * no-op), -1 when a delete really removed a row. So the count stays right under any interleaving.
 */
export async function addCollect(db: Db, memberId: number, goodsId: number, skuId: number | undefined): Promise<number> {
  const recordSku = await resolveRecordSku(db, goodsId, skuId);
  return unitOfWork(db, async (trx) => {
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

/**
 * Unfollows the given goods (one, or several at once) → how many follows were removed; goods the
 * member does not follow are skipped (deleting twice is harmless), another member's follows are
 * never touched. Each removed row takes one off its goods' collect_num in the same unit of work.
 */
export async function deleteCollect(db: Db, memberId: number, goodsIds: readonly number[]): Promise<number> {
  if (goodsIds.length === 0) return 0;
  return unitOfWork(db, async (tx) => {
    const removed = await tx
      .deleteFrom("goods_collect")
      .where("member_id", "=", memberId)
      .where("goods_id", "in", goodsIds)
      .returning("goods_id")
      .execute();
    // One goods at a time in ascending goods_id: the lock order that keeps PostgreSQL free of deadlocks.
    for (const goodsId of removed.map((row) => row.goods_id).sort((a, b) => a - b)) {
      await tx
        .updateTable("goods")
        .set((eb) => ({ collect_num: eb("collect_num", "-", 1) }))
        .where("goods_id", "=", goodsId)
        .where("collect_num", ">", 0)
        .execute();
    }
    return removed.length;
  });
}

export async function isCollected(db: Db, memberId: number, goodsId: number): Promise<0 | 1> {
  const row = await db.selectFrom("goods_collect").select("collect_id").where("member_id", "=", memberId).where("goods_id", "=", goodsId).executeTakeFirst();
  return row ? 1 : 0;
}

/** The member's follows, latest first; goods since deleted drop out, goods off shelf stay (goods_state 0). */
export async function pageCollects(db: Db, memberId: number, paging: PageRequest): Promise<Page<CollectItem>> {
  const query = db
    .selectFrom("goods_collect as record")
    .innerJoin("goods", "goods.goods_id", "record.goods_id")
    .leftJoin("goods_sku as sku", "sku.sku_id", "record.sku_id")
    .select(["record.collect_id", "record.create_time", "record.goods_id", "record.sku_id", ...RECORD_GOODS_COLUMNS])
    .where("record.member_id", "=", memberId)
    .where("goods.is_delete", "=", 0)
    .orderBy("record.create_time", "desc")
    .orderBy("record.collect_id", "desc");
  const [page, discountPercent] = await Promise.all([paginate(db, query, paging), memberDiscountPercent(db, memberId)]);
  return mapPage(page, (row) => ({ collect_id: row.collect_id, create_time: row.create_time, ...toRecordGoods(row, discountPercent) }));
}
