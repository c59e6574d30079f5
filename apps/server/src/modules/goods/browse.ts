import { sql } from "kysely";
import type { BrowseDay, BrowseDeletion, BrowsePage } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { now, DAY_SECONDS, SHOP_UTC_OFFSET_SECONDS } from "../../core/time.ts";
import { fail } from "../../core/errors.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { shopDateOf, shopDaysRange } from "../account/shop-days.ts";
import { RECORD_GOODS_COLUMNS, memberDiscountPercent, resolveRecordSku, toRecordGoods } from "./collect-browse-items.ts";

/** Records a footprint: one row per member and goods, moved to the latest SKU and time (an upsert). */
export async function addBrowse(db: Db, memberId: number, goodsId: number, skuId: number): Promise<null> {
  const recordSku = await resolveRecordSku(db, goodsId, skuId);
  const browseTime = now();
  await db
    .insertInto("goods_browse")
    .values({ member_id: memberId, goods_id: goodsId, sku_id: recordSku, browse_time: browseTime })
    .onConflict((conflict) => conflict.columns(["member_id", "goods_id"]).doUpdateSet({ sku_id: recordSku, browse_time: browseTime }))
    .execute();
  return null;
}

/** The member's visible footprints (goods since deleted drop out), optionally within [from, to). */
function visibleFootprints(db: Db, memberId: number, range?: { from: number; to: number }) {
  let query = db
    .selectFrom("goods_browse as record")
    .innerJoin("goods", "goods.goods_id", "record.goods_id")
    .where("record.member_id", "=", memberId)
    .where("goods.is_delete", "=", 0);
  if (range) query = query.where("record.browse_time", ">=", range.from).where("record.browse_time", "<", range.to);
  return query;
}

/**
 * The member's footprints, latest first, each with its shop day; `date` keeps one day. `days` counts
 * every footprint of the days this page shows, so a day cut by the page break still shows its total.
 */
export async function pageBrowses(db: Db, memberId: number, body: PageRequest & { date?: string }): Promise<BrowsePage> {
  const query = visibleFootprints(db, memberId, body.date ? shopDaysRange(body.date) : undefined)
    .leftJoin("goods_sku as sku", "sku.sku_id", "record.sku_id")
    .select(["record.id", "record.browse_time", "record.goods_id", "record.sku_id", ...RECORD_GOODS_COLUMNS])
    .orderBy("record.browse_time", "desc")
    .orderBy("record.id", "desc");
  const [page, discountPercent] = await Promise.all([paginate(db, query, body), memberDiscountPercent(db, memberId)]);
  const items = mapPage(page, (row) => ({ id: row.id, browse_time: row.browse_time, browse_date: shopDateOf(row.browse_time), ...toRecordGoods(row, discountPercent) }));
  return { ...items, days: await countDays(db, memberId, items.list.map((item) => item.browse_date)) };
}

/** The shop day number of a time (days since 1970-01-01 shop time); literal constants so both dialects group by the same expression. */
const SHOP_DAY_NUMBER = sql<number>`(record.browse_time + ${sql.lit(SHOP_UTC_OFFSET_SECONDS)}) / ${sql.lit(DAY_SECONDS)}`;

/** How many visible footprints the member has on each of `dates` (latest first, as the page lists them). */
async function countDays(db: Db, memberId: number, dates: string[]): Promise<BrowseDay[]> {
  const distinct = [...new Set(dates)];
  if (distinct.length === 0) return [];
  const rows = await visibleFootprints(db, memberId, shopDaysRange(distinct.at(-1)!, distinct[0]!))
    .select([SHOP_DAY_NUMBER.as("day_number"), (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy(SHOP_DAY_NUMBER)
    .execute();
  const counts = new Map(rows.map((row) => [shopDateOf(Number(row.day_number) * DAY_SECONDS - SHOP_UTC_OFFSET_SECONDS), Number(row.count)]));
  return distinct.map((date) => ({ date, count: counts.get(date) ?? 0 }));
}

/**
 * Deletes footprints of this member → how many: the given ids (another member's id is as unknown as
 * a missing one: -1 足迹不存在 when none is the member's), or every footprint of a shop day (0 when
 * the day was already empty).
 */
export async function deleteBrowse(db: Db, memberId: number, target: BrowseDeletion): Promise<number> {
  let query = db.deleteFrom("goods_browse").where("member_id", "=", memberId);
  if ("ids" in target) {
    query = query.where("id", "in", target.ids);
  } else {
    const day = shopDaysRange(target.date);
    query = query.where("browse_time", ">=", day.from).where("browse_time", "<", day.to);
  }
  const removed = Number((await query.executeTakeFirst()).numDeletedRows);
  if ("ids" in target && removed === 0) fail("足迹不存在");
  return removed;
}
