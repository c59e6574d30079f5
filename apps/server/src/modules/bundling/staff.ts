import type { BundlingInput, Page, StaffBundling } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { enqueueEdges, likeKeyword, PromotionState, wireStatus, WireStatus } from "../groupbuy/window.ts";
import { GOODS_CLASS_VIRTUAL } from "../checkout/order-lines.ts";
import { bundlingViews } from "./views.ts";
import { purgeBundlingGoods } from "./cache.ts";
import { BUNDLING_NOT_FOUND } from "./public.ts";
import { canSplit, SPLIT_IMPOSSIBLE } from "./split.ts";
import { promotionSales } from "../seckill/promotion-sales.ts";
import { yuan } from "../../core/money.ts";

/**
 * Staff manage combos (/shopapi/bundling/*, permission promotion.manage): list, create, edit, close;
 * each change logged in its unit of work, the goods' pages purged, the start and end enqueued as
 * purge jobs. A package holds physical goods only (the reference refuses virtual goods in a combo),
 * and its price must split into whole-cent unit prices (ADR 0022).
 */

export const BUNDLING_EDGE_JOB = "bundling.edge";

type Status = "all" | "upcoming" | "running" | "ended" | "closed";

export async function listBundlings(db: Db, request: PageRequest & { status: Status; keyword: string }): Promise<Page<StaffBundling>> {
  const at = now();
  const on = PromotionState.ON;
  let query = db.selectFrom("promotion_bundling").selectAll();
  if (request.status === "closed") query = query.where("status", "=", PromotionState.CLOSED);
  if (request.status === "upcoming") query = query.where("status", "=", on).where("start_time", ">", at);
  if (request.status === "running") query = query.where("status", "=", on).where("start_time", "<=", at).where("end_time", ">", at);
  if (request.status === "ended") query = query.where("status", "=", on).where("end_time", "<=", at);
  if (request.keyword) query = query.where("bl_name", "like", likeKeyword(request.keyword));
  const page = await paginate(db, query.orderBy("bl_id", "desc"), request);
  return { ...page, list: await staffViews(db, page.list, at) };
}

async function staffViews(db: Db, rows: Parameters<typeof bundlingViews>[1], at: number): Promise<StaffBundling[]> {
  const [views, salesOf] = await Promise.all([bundlingViews(db, rows, at), promotionSales(db, "bundling", rows.map((row) => row.bl_id))]);
  return views.map((view) => {
    const sales = salesOf(view.bl_id);
    return { ...view, order_count: sales.orderCount, order_money: yuan(sales.orderMoneyCents) };
  });
}

export async function staffBundlingDetail(db: Db, blId: number): Promise<StaffBundling> {
  const row = await db.selectFrom("promotion_bundling").selectAll().where("bl_id", "=", blId).executeTakeFirst();
  if (!row) return fail(BUNDLING_NOT_FOUND);
  const [view] = await staffViews(db, [row], now());
  return view!;
}

async function checkInput(db: Db, input: BundlingInput): Promise<void> {
  const goodsIds = input.goods_list.map((goods) => goods.goods_id);
  const rows = await db.selectFrom("goods").select(["goods_id", "goods_name", "goods_class", "is_delete"]).where("goods_id", "in", goodsIds).execute();
  const found = new Map(rows.filter((row) => !row.is_delete).map((row) => [row.goods_id, row]));
  for (const goodsId of goodsIds) {
    const goods = found.get(goodsId);
    if (!goods) fail(`商品 ${goodsId} 不存在或已删除`);
    if (goods!.goods_class === GOODS_CLASS_VIRTUAL) fail(`「${goods!.goods_name}」是虚拟商品，不能加入组合套餐`);
  }
  if (!canSplit(input.bl_price, input.goods_list.map((goods) => goods.num))) fail(SPLIT_IMPOSSIBLE);
}

const columnsOf = (input: BundlingInput) => ({
  bl_name: input.bl_name,
  bl_price_cents: input.bl_price,
  start_time: input.start_time,
  end_time: input.end_time,
});

async function writeGoods(tx: Db, blId: number, input: BundlingInput): Promise<void> {
  await tx.deleteFrom("promotion_bundling_goods").where("bl_id", "=", blId).execute();
  await tx
    .insertInto("promotion_bundling_goods")
    .values(input.goods_list.map((goods, index) => ({ bl_id: blId, goods_id: goods.goods_id, num: goods.num, sort: index + 1 })))
    .execute();
}

export async function addBundling(db: Db, caller: StaffCaller, input: BundlingInput): Promise<{ bl_id: number }> {
  const at = now();
  if (input.end_time <= at) fail("结束时间须晚于现在");
  await checkInput(db, input);
  return unitOfWork(db, async (tx) => {
    const { bl_id } = await tx
      .insertInto("promotion_bundling")
      .values({ ...columnsOf(input), status: PromotionState.ON, create_time: at, update_time: at })
      .returning("bl_id")
      .executeTakeFirstOrThrow();
    await writeGoods(tx, bl_id, input);
    await enqueueEdges(tx, BUNDLING_EDGE_JOB, bl_id, input, at);
    await logStaffAction(tx, caller, "bundling.add", { type: "bundling", id: bl_id }, { ...input });
    await purgeBundlingGoods(tx, input.goods_list.map((goods) => goods.goods_id));
    return { bl_id };
  });
}

async function packageGoodsIds(tx: Db, blId: number): Promise<number[]> {
  const rows = await tx.selectFrom("promotion_bundling_goods").select("goods_id").where("bl_id", "=", blId).execute();
  return rows.map((row) => row.goods_id);
}

export async function editBundling(db: Db, caller: StaffCaller, blId: number, input: BundlingInput): Promise<{ bl_id: number }> {
  const at = now();
  await checkInput(db, input);
  return unitOfWork(db, async (tx) => {
    // Locked first (no-op conditional update): an order raising sell_num meanwhile is seen.
    const locked = await tx.updateTable("promotion_bundling").set((eb) => ({ sell_num: eb.ref("sell_num") })).where("bl_id", "=", blId).executeTakeFirst();
    expectAffected(locked, 1, BUNDLING_NOT_FOUND);
    const before = await tx.selectFrom("promotion_bundling").selectAll().where("bl_id", "=", blId).executeTakeFirstOrThrow();
    const status = wireStatus(before, at);
    if (status === WireStatus.CLOSED) fail("已关闭的组合套餐不能编辑");
    if (status === WireStatus.ENDED) fail("已结束的组合套餐不能编辑");
    if (input.end_time <= at) fail("结束时间须晚于现在");
    const oldGoods = await packageGoodsIds(tx, blId);
    await tx.updateTable("promotion_bundling").set({ ...columnsOf(input), update_time: at }).where("bl_id", "=", blId).execute();
    await writeGoods(tx, blId, input);
    await enqueueEdges(tx, BUNDLING_EDGE_JOB, blId, input, at);
    await logStaffAction(tx, caller, "bundling.edit", { type: "bundling", id: blId }, { before: { ...before, goods_ids: oldGoods }, after: { ...input } });
    await purgeBundlingGoods(tx, [...oldGoods, ...input.goods_list.map((goods) => goods.goods_id)]);
    return { bl_id: blId };
  });
}

export async function closeBundling(db: Db, caller: StaffCaller, blId: number): Promise<null> {
  return unitOfWork(db, async (tx) => {
    const exists = await tx.selectFrom("promotion_bundling").select("bl_id").where("bl_id", "=", blId).executeTakeFirst();
    if (!exists) return fail(BUNDLING_NOT_FOUND);
    const result = await tx
      .updateTable("promotion_bundling")
      .set({ status: PromotionState.CLOSED, update_time: now() })
      .where("bl_id", "=", blId)
      .where("status", "=", PromotionState.ON)
      .executeTakeFirst();
    expectAffected(result, 1, "组合套餐已关闭");
    await logStaffAction(tx, caller, "bundling.close", { type: "bundling", id: blId });
    await purgeBundlingGoods(tx, await packageGoodsIds(tx, blId));
    return null;
  });
}

/** The edge job: the package started or ended. */
export async function purgeBundlingEdge(db: Db, blId: number): Promise<void> {
  const goodsIds = await packageGoodsIds(db, blId);
  if (goodsIds.length > 0) await purgeBundlingGoods(db, goodsIds);
}
