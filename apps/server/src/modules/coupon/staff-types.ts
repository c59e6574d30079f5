import type { CouponTypeInput, Page, StaffCouponType } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { yuan } from "../../core/money.ts";
import { couponUsage } from "./usage.ts";
import { purgeCoupons } from "./cache.ts";
import { GoodsScope, typeExpired, typeSoldOut, TypeStatus, Validity } from "./rules.ts";
import { loadScopes, ruleFields, TYPE_COLUMNS, type TypeRow } from "./type-view.ts";

/**
 * Staff manage coupon types (/shopapi/coupon/*, permission promotion.manage): list, create, edit, close.
 * Every change is logged with the staff member in its unit of work and purges what guests see.
 * Once coupons of a type were given out, what they are worth and what they apply to is frozen
 * (held coupons read it): only the name, the counts, is_show, the sort and the validity of coupons
 * still to be given may change.
 */

export const TYPE_NOT_FOUND = "优惠券不存在";

function statusName(type: TypeRow, at: number): string {
  if (type.status !== TypeStatus.RUNNING) return "已关闭";
  if (typeExpired(type, at)) return "已过期";
  return typeSoldOut(type) ? "已领完" : "进行中";
}

async function staffViews(db: Db, types: TypeRow[]): Promise<StaffCouponType[]> {
  if (types.length === 0) return [];
  const at = now();
  const [scopes, usageOf] = await Promise.all([loadScopes(db, types), couponUsage(db, types.map((type) => type.coupon_type_id), at)]);
  return types.map((type) => {
    const scope = scopes.get(type.coupon_type_id);
    const usage = usageOf(type.coupon_type_id);
    return {
      ...ruleFields(type, scope),
      start_time: type.start_time,
      end_time: type.end_time,
      fixed_term: type.fixed_term,
      max_fetch: type.max_fetch,
      count: type.total_count,
      lead_count: type.lead_count,
      lead_percent: type.total_count > 0 ? Math.min(100, Math.floor((type.lead_count * 100) / type.total_count)) : 0,
      is_show: type.is_show,
      status: type.status,
      status_name: statusName(type, at),
      used_count: usage.used,
      expired_count: usage.expired,
      used_order_money: yuan(usage.orderMoneyCents),
      used_coupon_money: yuan(usage.couponMoneyCents),
      goods_ids: [...(scope?.goodsIds ?? [])],
      category_ids: [...(scope?.categoryIds ?? [])],
      sort: type.sort,
      create_time: type.create_time,
      update_time: type.update_time,
    };
  });
}

export async function listTypes(db: Db, request: PageRequest & { status: "all" | "running" | "closed"; keyword: string }): Promise<Page<StaffCouponType>> {
  let query = db.selectFrom("coupon_type").select(TYPE_COLUMNS);
  if (request.status === "running") query = query.where("coupon_type.status", "=", TypeStatus.RUNNING);
  if (request.status === "closed") query = query.where("coupon_type.status", "=", TypeStatus.CLOSED);
  if (request.keyword) query = query.where("coupon_type.coupon_name", "like", `%${request.keyword.replace(/[\\%_]/g, "")}%`);
  const page = await paginate(db, query.orderBy("coupon_type.coupon_type_id", "desc"), request);
  return { ...page, list: await staffViews(db, page.list) };
}

export async function typesByIds(db: Db, ids: readonly number[]): Promise<StaffCouponType[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("coupon_type").select(TYPE_COLUMNS).where("coupon_type.coupon_type_id", "in", [...new Set(ids)]).execute();
  const views = new Map((await staffViews(db, rows)).map((view) => [view.coupon_type_id, view]));
  return ids.flatMap((id) => views.get(id) ?? []);
}

export async function typeDetail(db: Db, couponTypeId: number): Promise<StaffCouponType> {
  const [view] = await typesByIds(db, [couponTypeId]);
  return view ?? fail(TYPE_NOT_FOUND);
}

/** The columns a body sets (the rules of its kind only: a 折扣's money is 0, a 满减's discount 0). */
function columnsOf(input: CouponTypeInput) {
  const reward = input.type === "reward";
  const fixed = input.validity_type === Validity.FIXED;
  return {
    coupon_name: input.coupon_name,
    type: input.type,
    money_cents: reward ? (input.money ?? 0) : 0,
    discount_percent: reward ? 0 : (input.discount ?? 0),
    discount_limit_cents: reward ? 0 : input.discount_limit,
    at_least_cents: input.at_least,
    goods_type: input.goods_type,
    validity_type: input.validity_type,
    start_time: fixed ? (input.start_time ?? 0) : 0,
    end_time: fixed ? (input.end_time ?? 0) : 0,
    fixed_term: fixed ? 0 : (input.fixed_term ?? 0),
    max_fetch: input.max_fetch,
    total_count: input.count,
    is_show: input.is_show,
    sort: input.sort,
  };
}

/** The scope rows a body asks for, checked to exist (goods not deleted, categories). */
async function scopeOf(db: Db, input: CouponTypeInput): Promise<{ goodsIds: number[]; categoryIds: number[] }> {
  if (input.goods_type === GoodsScope.GOODS) {
    const goodsIds = [...new Set(input.goods_ids)].sort((a, b) => a - b);
    const found = await db.selectFrom("goods").select("goods_id").where("goods_id", "in", goodsIds).where("is_delete", "=", 0).execute();
    if (found.length !== goodsIds.length) fail("部分商品不存在或已删除");
    return { goodsIds, categoryIds: [] };
  }
  if (input.goods_type === GoodsScope.CATEGORIES) {
    const categoryIds = [...new Set(input.category_ids)].sort((a, b) => a - b);
    const found = await db.selectFrom("goods_category").select("category_id").where("category_id", "in", categoryIds).execute();
    if (found.length !== categoryIds.length) fail("部分分类不存在");
    return { goodsIds: [], categoryIds };
  }
  return { goodsIds: [], categoryIds: [] };
}

async function writeScope(tx: Db, couponTypeId: number, scope: { goodsIds: number[]; categoryIds: number[] }): Promise<void> {
  await tx.deleteFrom("coupon_type_scope").where("coupon_type_id", "=", couponTypeId).execute();
  const rows = [
    ...scope.goodsIds.map((goodsId) => ({ coupon_type_id: couponTypeId, goods_id: goodsId, category_id: 0 })),
    ...scope.categoryIds.map((categoryId) => ({ coupon_type_id: couponTypeId, goods_id: 0, category_id: categoryId })),
  ];
  if (rows.length > 0) await tx.insertInto("coupon_type_scope").values(rows).execute();
}

export async function addType(db: Db, caller: StaffCaller, input: CouponTypeInput): Promise<{ coupon_type_id: number }> {
  const scope = await scopeOf(db, input);
  const at = now();
  if (input.validity_type === Validity.FIXED && (input.end_time ?? 0) <= at) fail("有效期结束时间须晚于现在");
  return unitOfWork(db, async (tx) => {
    const { coupon_type_id } = await tx
      .insertInto("coupon_type")
      .values({ ...columnsOf(input), status: TypeStatus.RUNNING, create_time: at, update_time: at })
      .returning("coupon_type_id")
      .executeTakeFirstOrThrow();
    await writeScope(tx, coupon_type_id, scope);
    await logStaffAction(tx, caller, "coupon.add", { type: "coupon_type", id: coupon_type_id }, { ...columnsOf(input), ...scope });
    await purgeCoupons(tx);
    return { coupon_type_id };
  });
}

const FROZEN_COLUMNS = ["type", "money_cents", "discount_percent", "discount_limit_cents", "at_least_cents", "goods_type"] as const;

const sameSet = (a: Iterable<number>, b: readonly number[]) => {
  const left = [...new Set(a)].sort((x, y) => x - y);
  const right = [...new Set(b)].sort((x, y) => x - y);
  return left.length === right.length && left.every((value, index) => value === right[index]);
};

export async function editType(db: Db, caller: StaffCaller, couponTypeId: number, input: CouponTypeInput): Promise<{ coupon_type_id: number }> {
  const scope = await scopeOf(db, input);
  const columns = columnsOf(input);
  return unitOfWork(db, async (tx) => {
    // Locked first: a receive raising lead_count meanwhile is seen (PostgreSQL).
    const locked = await tx.updateTable("coupon_type").set((eb) => ({ lead_count: eb.ref("lead_count") })).where("coupon_type_id", "=", couponTypeId).executeTakeFirst();
    expectAffected(locked, 1, TYPE_NOT_FOUND);
    const type = await tx.selectFrom("coupon_type").select(TYPE_COLUMNS).where("coupon_type_id", "=", couponTypeId).executeTakeFirstOrThrow();
    if (type.status !== TypeStatus.RUNNING) fail("已关闭的优惠券不能编辑");
    if (columns.total_count > 0 && columns.total_count < type.lead_count) fail(`发放总量不能少于已领取的 ${type.lead_count} 张`);
    if (type.lead_count > 0) {
      const [held] = [...(await loadScopes(tx, [type])).values()];
      const changed = FROZEN_COLUMNS.some((column) => type[column] !== columns[column]);
      const scopeChanged = held !== undefined && !(sameSet(held.goodsIds, scope.goodsIds) && sameSet(held.categoryIds, scope.categoryIds));
      if (changed || scopeChanged) fail("已有会员领取，不能再修改优惠内容和适用商品（可修改名称、数量、有效期、展示和排序）");
    }
    await tx.updateTable("coupon_type").set({ ...columns, update_time: now() }).where("coupon_type_id", "=", couponTypeId).execute();
    await writeScope(tx, couponTypeId, scope);
    await logStaffAction(tx, caller, "coupon.edit", { type: "coupon_type", id: couponTypeId }, { before: type, after: { ...columns, ...scope } });
    await purgeCoupons(tx);
    return { coupon_type_id: couponTypeId };
  });
}

/** No more coupons of the type are given; those held stay valid until their end. */
export async function closeType(db: Db, caller: StaffCaller, couponTypeId: number): Promise<null> {
  return unitOfWork(db, async (tx) => {
    const exists = await tx.selectFrom("coupon_type").select("status").where("coupon_type_id", "=", couponTypeId).executeTakeFirst();
    if (!exists) return fail(TYPE_NOT_FOUND);
    const result = await tx
      .updateTable("coupon_type")
      .set({ status: TypeStatus.CLOSED, update_time: now() })
      .where("coupon_type_id", "=", couponTypeId)
      .where("status", "=", TypeStatus.RUNNING)
      .executeTakeFirst();
    expectAffected(result, 1, "优惠券已关闭");
    await logStaffAction(tx, caller, "coupon.close", { type: "coupon_type", id: couponTypeId });
    await purgeCoupons(tx);
    return null;
  });
}

