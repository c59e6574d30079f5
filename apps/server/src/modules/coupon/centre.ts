import { sql } from "kysely";
import type { CouponReceiveState, CouponTypeItem, Page } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { cached, DATA_TTL_MS } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { COUPON_TAG } from "./cache.ts";
import { GoodsScope, typeSoldOut, TypeStatus, Validity } from "./rules.ts";
import { loadScopes, ruleFields, TYPE_COLUMNS, type TypeRow } from "./type-view.ts";

/**
 * What shoppers see of coupon types: the coupon centre (typepagelists) and the coupons of a goods
 * (goodsCoupon, the SKU page). Only free types (is_show 1) that are running and not past their
 * fixed end; used-up ones stay listed (已领完) after the available ones. A guest's answer is the
 * same for every guest: cached under the coupon tag (and the goods' tag), which also tags the
 * cached pages showing it. A member's answer adds what the member holds and is never cached.
 */

/** A type as guests see it: received_num 0. */
type GuestItem = Omit<CouponTypeItem, "received_num" | "receive_state"> & { sold_out: boolean };

function offeredTypes(db: Db, at: number) {
  return db
    .selectFrom("coupon_type")
    .select(TYPE_COLUMNS)
    .where("coupon_type.status", "=", TypeStatus.RUNNING)
    .where("coupon_type.is_show", "=", 1)
    .where((eb) => eb.or([eb("coupon_type.validity_type", "=", Validity.DAYS), eb("coupon_type.end_time", ">", at)]));
}

/** Available first (used-up last), then the shop's sort, then the newest. */
const availableFirst = sql<number>`case when coupon_type.total_count > 0 and coupon_type.lead_count >= coupon_type.total_count then 1 else 0 end`;

async function guestItems(db: Db, types: TypeRow[]): Promise<GuestItem[]> {
  const scopes = await loadScopes(db, types);
  return types.map((type) => ({
    ...ruleFields(type, scopes.get(type.coupon_type_id)),
    start_time: type.validity_type === Validity.FIXED ? type.start_time : 0,
    end_time: type.validity_type === Validity.FIXED ? type.end_time : 0,
    fixed_term: type.validity_type === Validity.DAYS ? type.fixed_term : 0,
    max_fetch: type.max_fetch,
    count: type.total_count,
    lead_count: type.lead_count,
    lead_percent: type.total_count > 0 ? Math.min(100, Math.floor((type.lead_count * 100) / type.total_count)) : 0,
    sold_out: typeSoldOut(type),
  }));
}

/** The caller's coupons held per type (any state: used ones count against the limit). */
async function heldByType(db: Db, memberId: number, typeIds: number[]): Promise<Map<number, number>> {
  if (typeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("coupon")
    .select(["coupon_type_id", (eb) => eb.fn.countAll<number>().as("held")])
    .where("member_id", "=", memberId)
    .where("coupon_type_id", "in", typeIds)
    .groupBy("coupon_type_id")
    .execute();
  return new Map(rows.map((row) => [row.coupon_type_id, Number(row.held)]));
}

export function receiveStateOf(item: { max_fetch: number; sold_out: boolean }, received: number): CouponReceiveState {
  if (item.max_fetch > 0 && received >= item.max_fetch) return "limit";
  return item.sold_out ? "sold_out" : "available";
}

/** Adds the caller's state to guest items (a guest holds nothing). */
async function forCaller(db: Db, memberId: number | undefined, items: readonly GuestItem[]): Promise<CouponTypeItem[]> {
  const held = memberId ? await heldByType(db, memberId, items.map((item) => item.coupon_type_id)) : new Map<number, number>();
  return items.map(({ sold_out, ...item }) => {
    const received = held.get(item.coupon_type_id) ?? 0;
    return { ...item, received_num: received, receive_state: receiveStateOf({ max_fetch: item.max_fetch, sold_out }, received) };
  });
}

/** /coupon/api/coupon/typepagelists */
export async function couponCentre(db: Db, memberId: number | undefined, request: PageRequest): Promise<Page<CouponTypeItem>> {
  const page = await cached({ db }, `coupon-centre:${request.page}:${request.page_size}`, [COUPON_TAG], DATA_TTL_MS, async (): Promise<Page<GuestItem>> => {
    const query = offeredTypes(db, now()).orderBy(availableFirst).orderBy("coupon_type.sort").orderBy("coupon_type.coupon_type_id", "desc");
    const rows = await paginate(db, query, request);
    return { ...rows, list: await guestItems(db, rows.list) };
  });
  return { page_count: page.page_count, count: page.count, list: await forCaller(db, memberId, page.list) };
}

/** The most coupons a SKU page shows. */
const GOODS_COUPON_LIMIT = 20;

/** /coupon/api/coupon/goodsCoupon: free types usable on the goods (for all goods, the goods itself, or one of its categories). */
export async function goodsCoupons(db: Db, memberId: number | undefined, goodsId: number): Promise<CouponTypeItem[]> {
  const items = await cached({ db }, `goods-coupon:${goodsId}`, [COUPON_TAG, CacheTag.goods(goodsId)], DATA_TTL_MS, async (): Promise<GuestItem[]> => {
    const goods = await db
      .selectFrom("goods")
      .select(["category_id_1", "category_id_2", "category_id_3"])
      .where("goods_id", "=", goodsId)
      .where("is_delete", "=", 0)
      .executeTakeFirst();
    if (!goods) return fail("商品不存在或已下架");
    const categoryIds = [goods.category_id_1, goods.category_id_2, goods.category_id_3].filter((categoryId) => categoryId > 0);
    const rows = await offeredTypes(db, now())
      .where((eb) =>
        eb.or([
          eb("coupon_type.goods_type", "=", GoodsScope.ALL),
          eb(
            "coupon_type.coupon_type_id",
            "in",
            eb
              .selectFrom("coupon_type_scope")
              .select("coupon_type_scope.coupon_type_id")
              .where((scope) =>
                scope.or([
                  scope("coupon_type_scope.goods_id", "=", goodsId),
                  ...(categoryIds.length > 0 ? [scope("coupon_type_scope.category_id", "in", categoryIds)] : []),
                ]),
              ),
          ),
        ]),
      )
      .orderBy(availableFirst)
      .orderBy("coupon_type.sort")
      .orderBy("coupon_type.coupon_type_id", "desc")
      .limit(GOODS_COUPON_LIMIT)
      .execute();
    return guestItems(db, rows);
  });
  return forCaller(db, memberId, items);
}
