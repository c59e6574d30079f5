import type { GroupbuyInput, Page, StaffGroupbuy } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { now } from "../../core/time.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { enqueueEdges, likeKeyword, PromotionState, wireStatus, WireStatus } from "./window.ts";
import { groupbuyQuery, groupbuyViews } from "./views.ts";
import { purgeGroupbuyGoods } from "./cache.ts";
import { GROUPBUY_NOT_FOUND } from "./public.ts";
import { promotionSales } from "../seckill/promotion-sales.ts";

/**
 * Staff manage group buys (/shopapi/groupbuy/*, permission promotion.manage): list, create, edit,
 * close. Each change is logged with the staff member in its unit of work, purges the pages of the
 * goods involved, and enqueues the jobs that purge them again when the group buy starts and ends.
 * One goods has at most one group buy at a time (overlapping windows are refused): the price a
 * page shows for it is never ambiguous.
 */

export const GROUPBUY_EDGE_JOB = "groupbuy.edge";

type Status = "all" | "upcoming" | "running" | "ended" | "closed";

export async function listGroupbuys(db: Db, request: PageRequest & { status: Status; keyword: string }): Promise<Page<StaffGroupbuy>> {
  const at = now();
  let query = groupbuyQuery(db);
  const on = PromotionState.ON;
  if (request.status === "closed") query = query.where("promotion_groupbuy.status", "=", PromotionState.CLOSED);
  if (request.status === "upcoming") query = query.where("promotion_groupbuy.status", "=", on).where("promotion_groupbuy.start_time", ">", at);
  if (request.status === "running") {
    query = query.where("promotion_groupbuy.status", "=", on).where("promotion_groupbuy.start_time", "<=", at).where("promotion_groupbuy.end_time", ">", at);
  }
  if (request.status === "ended") query = query.where("promotion_groupbuy.status", "=", on).where("promotion_groupbuy.end_time", "<=", at);
  if (request.keyword) {
    const like = likeKeyword(request.keyword);
    query = query.where((eb) => eb.or([eb("promotion_groupbuy.groupbuy_name", "like", like), eb("goods.goods_name", "like", like)]));
  }
  const page = await paginate(db, query.orderBy("promotion_groupbuy.groupbuy_id", "desc"), request);
  return { ...page, list: await staffViews(db, page.list, at) };
}

async function staffViews(db: Db, rows: Parameters<typeof groupbuyViews>[1], at: number): Promise<StaffGroupbuy[]> {
  const [views, salesOf] = await Promise.all([groupbuyViews(db, rows, at), promotionSales(db, "groupbuy", rows.map((row) => row.groupbuy_id))]);
  return views.map(({ goods_image: _i, introduction: _n, unit: _u, goods_spec_format: _f, max_buy: _m, goods_state: _s, ...view }) => {
    const sales = salesOf(view.groupbuy_id);
    return { ...view, order_count: sales.orderCount, order_money: yuan(sales.orderMoneyCents) };
  });
}

export async function staffGroupbuyDetail(db: Db, groupbuyId: number): Promise<StaffGroupbuy> {
  const row = await groupbuyQuery(db).where("promotion_groupbuy.groupbuy_id", "=", groupbuyId).executeTakeFirst();
  if (!row) return fail(GROUPBUY_NOT_FOUND);
  const [view] = await staffViews(db, [row], now());
  return view!;
}

/**
 * Checks a body against the database: the goods exists and is not deleted, every SKU is the goods'
 * own and priced at most its shop price, the minimum fits the goods' limit, and no other group buy
 * of the goods overlaps the window.
 */
async function checkInput(db: Db, input: GroupbuyInput, exceptId: number): Promise<void> {
  const goods = await db.selectFrom("goods").select(["goods_name", "max_buy", "is_delete"]).where("goods_id", "=", input.goods_id).executeTakeFirst();
  if (!goods || goods.is_delete) fail("商品不存在或已删除");
  if (goods!.max_buy > 0 && input.buy_num > goods!.max_buy) fail(`起购数量不能超过商品的每单限购 ${goods!.max_buy} 件`);
  const skus = await db
    .selectFrom("goods_sku")
    .select(["sku_id", "sku_name", "discount_price_cents"])
    .where("goods_id", "=", input.goods_id)
    .where("sku_id", "in", input.sku_list.map((sku) => sku.sku_id))
    .execute();
  const bySku = new Map(skus.map((sku) => [sku.sku_id, sku]));
  for (const wanted of input.sku_list) {
    const sku = bySku.get(wanted.sku_id);
    if (!sku) fail(`SKU ${wanted.sku_id} 不属于该商品`);
    if (wanted.groupbuy_price > sku!.discount_price_cents) fail(`「${sku!.sku_name}」的团购价不能高于售价 ${yuan(sku!.discount_price_cents)} 元`);
  }
  const overlapping = await db
    .selectFrom("promotion_groupbuy")
    .select(["groupbuy_id", "groupbuy_name"])
    .where("goods_id", "=", input.goods_id)
    .where("status", "=", PromotionState.ON)
    .where("groupbuy_id", "!=", exceptId)
    .where("start_time", "<", input.end_time)
    .where("end_time", ">", input.start_time)
    .executeTakeFirst();
  if (overlapping) fail(`该商品在所选时间内已有团购活动「${overlapping.groupbuy_name}」`);
}

const columnsOf = (input: GroupbuyInput) => ({
  groupbuy_name: input.groupbuy_name,
  goods_id: input.goods_id,
  buy_num: input.buy_num,
  start_time: input.start_time,
  end_time: input.end_time,
});

async function writeSkus(tx: Db, groupbuyId: number, input: GroupbuyInput): Promise<void> {
  await tx.deleteFrom("promotion_groupbuy_sku").where("groupbuy_id", "=", groupbuyId).execute();
  await tx
    .insertInto("promotion_groupbuy_sku")
    .values(input.sku_list.map((sku) => ({ groupbuy_id: groupbuyId, goods_id: input.goods_id, sku_id: sku.sku_id, groupbuy_price_cents: sku.groupbuy_price })))
    .execute();
}

export async function addGroupbuy(db: Db, caller: StaffCaller, input: GroupbuyInput): Promise<{ groupbuy_id: number }> {
  const at = now();
  if (input.end_time <= at) fail("结束时间须晚于现在");
  return unitOfWork(db, async (tx) => {
    await checkInput(tx, input, 0);
    const { groupbuy_id } = await tx
      .insertInto("promotion_groupbuy")
      .values({ ...columnsOf(input), status: PromotionState.ON, create_time: at, update_time: at })
      .returning("groupbuy_id")
      .executeTakeFirstOrThrow();
    await writeSkus(tx, groupbuy_id, input);
    await enqueueEdges(tx, GROUPBUY_EDGE_JOB, groupbuy_id, input, at);
    await logStaffAction(tx, caller, "groupbuy.add", { type: "groupbuy", id: groupbuy_id }, { ...input });
    await purgeGroupbuyGoods(tx, [input.goods_id]);
    return { groupbuy_id };
  });
}

/** Locks the row (no-op conditional update: an order raising sell_num meanwhile is seen) and reads it. */
async function lockGroupbuy(tx: Db, groupbuyId: number) {
  const locked = await tx.updateTable("promotion_groupbuy").set((eb) => ({ sell_num: eb.ref("sell_num") })).where("groupbuy_id", "=", groupbuyId).executeTakeFirst();
  expectAffected(locked, 1, GROUPBUY_NOT_FOUND);
  return tx.selectFrom("promotion_groupbuy").selectAll().where("groupbuy_id", "=", groupbuyId).executeTakeFirstOrThrow();
}

export async function editGroupbuy(db: Db, caller: StaffCaller, groupbuyId: number, input: GroupbuyInput): Promise<{ groupbuy_id: number }> {
  const at = now();
  return unitOfWork(db, async (tx) => {
    const before = await lockGroupbuy(tx, groupbuyId);
    const status = wireStatus(before, at);
    if (status === WireStatus.CLOSED) fail("已关闭的团购活动不能编辑");
    if (status === WireStatus.ENDED) fail("已结束的团购活动不能编辑");
    if (input.end_time <= at) fail("结束时间须晚于现在");
    if (Number(before.sell_num) > 0 && input.goods_id !== before.goods_id) fail("活动已有成交，不能更换商品");
    await checkInput(tx, input, groupbuyId);
    await tx.updateTable("promotion_groupbuy").set({ ...columnsOf(input), update_time: at }).where("groupbuy_id", "=", groupbuyId).execute();
    await writeSkus(tx, groupbuyId, input);
    await enqueueEdges(tx, GROUPBUY_EDGE_JOB, groupbuyId, input, at);
    await logStaffAction(tx, caller, "groupbuy.edit", { type: "groupbuy", id: groupbuyId }, { before, after: { ...input } });
    await purgeGroupbuyGoods(tx, [before.goods_id, input.goods_id]);
    return { groupbuy_id: groupbuyId };
  });
}

/** Closes a group buy: no more orders at its prices; orders already placed stay as they are. */
export async function closeGroupbuy(db: Db, caller: StaffCaller, groupbuyId: number): Promise<null> {
  return unitOfWork(db, async (tx) => {
    const row = await tx.selectFrom("promotion_groupbuy").select(["goods_id"]).where("groupbuy_id", "=", groupbuyId).executeTakeFirst();
    if (!row) return fail(GROUPBUY_NOT_FOUND);
    const result = await tx
      .updateTable("promotion_groupbuy")
      .set({ status: PromotionState.CLOSED, update_time: now() })
      .where("groupbuy_id", "=", groupbuyId)
      .where("status", "=", PromotionState.ON)
      .executeTakeFirst();
    expectAffected(result, 1, "团购活动已关闭");
    await logStaffAction(tx, caller, "groupbuy.close", { type: "groupbuy", id: groupbuyId });
    await purgeGroupbuyGoods(tx, [row.goods_id]);
    return null;
  });
}

/** The edge job: the group buy started or ended, its goods' pages show other prices now. */
export async function purgeGroupbuyEdge(db: Db, groupbuyId: number): Promise<void> {
  const row = await db.selectFrom("promotion_groupbuy").select("goods_id").where("groupbuy_id", "=", groupbuyId).executeTakeFirst();
  if (row) await purgeGroupbuyGoods(db, [row.goods_id]);
}
