import { Code, RECHARGE_PACKAGE_STATUS, type Page, type RechargePackage, type RechargePackageInput } from "@shop/contract";
import type { Selectable } from "kysely";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import type { MemberRechargeTable } from "../../db/schema-recharge.ts";
import type { StaffContext } from "../../core/context.ts";
import { BizError } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { now } from "../../core/time.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { checkCouponTypes, loadCouponLists, storedCouponIds, wireCouponIds } from "./coupon-list.ts";

/**
 * Recharge packages: what members may buy (offered ones, by sort) and staff's changes. A package
 * change never touches orders already created: each order keeps a snapshot of what it bought.
 */
type PackageRow = Selectable<MemberRechargeTable>;

async function toWire(db: Db, rows: PackageRow[]): Promise<RechargePackage[]> {
  const couponsOf = await loadCouponLists(db, rows.map((row) => row.coupon_id));
  return rows.map((row) => ({
    recharge_id: row.recharge_id,
    recharge_name: row.recharge_name,
    face_value: yuan(row.face_value_cents),
    buy_price: yuan(row.buy_price_cents),
    point: row.point,
    growth: row.growth,
    coupon_id: wireCouponIds(row.coupon_id),
    coupon_list: couponsOf(row.coupon_id),
    sale_num: row.sale_num,
    status: row.status,
    sort: row.sort,
    create_time: row.create_time,
  }));
}

async function pageOf(db: Db, status: number | null, paging: PageRequest): Promise<Page<RechargePackage>> {
  let query = db.selectFrom("member_recharge").selectAll();
  if (status !== null) query = query.where("status", "=", status);
  const page = await paginate(db, query.orderBy("sort").orderBy("recharge_id"), paging);
  return { ...page, list: await toWire(db, page.list) };
}

/** /memberrecharge/api/memberrecharge/page: the offered packages. */
export const offeredPackages = (db: Db, paging: PageRequest) => pageOf(db, RECHARGE_PACKAGE_STATUS.ON, paging);

/** An offered package (a withdrawn one cannot be bought, and is "not found" to members). */
export async function offeredPackageRow(db: Db, rechargeId: number): Promise<PackageRow> {
  const row = await db.selectFrom("member_recharge").selectAll().where("recharge_id", "=", rechargeId).where("status", "=", RECHARGE_PACKAGE_STATUS.ON).executeTakeFirst();
  if (!row) throw new BizError("充值套餐不存在或已下架", Code.ERROR);
  return row;
}

export async function offeredPackage(db: Db, rechargeId: number): Promise<RechargePackage> {
  const [wire] = await toWire(db, [await offeredPackageRow(db, rechargeId)]);
  return wire!;
}

// ---- staff ------------------------------------------------------------------------------------

export const staffPackages = (db: Db, body: PageRequest & { status: "all" | "0" | "1" }) =>
  pageOf(db, body.status === "all" ? null : Number(body.status), body);

function columnsOf(input: RechargePackageInput) {
  return {
    recharge_name: input.recharge_name,
    face_value_cents: input.face_value,
    buy_price_cents: input.buy_price,
    point: input.point,
    growth: input.growth,
    coupon_id: storedCouponIds(input.coupon_id),
    sort: input.sort,
    status: input.status,
    update_time: now(),
  };
}

/** What the staff log keeps of a package (yuan, as staff typed it). */
const logDetail = (input: RechargePackageInput) => ({
  recharge_name: input.recharge_name, face_value: yuan(input.face_value), buy_price: yuan(input.buy_price), point: input.point,
  growth: input.growth, coupon_id: input.coupon_id.join(","), status: input.status,
});

export async function addPackage(ctx: StaffContext, input: RechargePackageInput): Promise<{ recharge_id: number }> {
  await checkCouponTypes(ctx.db, input.coupon_id);
  return unitOfWork(ctx.db, async (tx) => {
    const row = await tx
      .insertInto("member_recharge")
      .values({ ...columnsOf(input), sale_num: 0, create_time: now() })
      .returning("recharge_id")
      .executeTakeFirstOrThrow();
    await logStaffAction(tx, ctx, "recharge.package_add", { type: "member_recharge", id: row.recharge_id }, logDetail(input));
    return { recharge_id: row.recharge_id };
  });
}

export async function editPackage(ctx: StaffContext, rechargeId: number, input: RechargePackageInput): Promise<{ recharge_id: number }> {
  await checkCouponTypes(ctx.db, input.coupon_id);
  return unitOfWork(ctx.db, async (tx) => {
    const result = await tx.updateTable("member_recharge").set(columnsOf(input)).where("recharge_id", "=", rechargeId).executeTakeFirst();
    expectAffected(result, 1, "充值套餐不存在");
    await logStaffAction(tx, ctx, "recharge.package_edit", { type: "member_recharge", id: rechargeId }, logDetail(input));
    return { recharge_id: rechargeId };
  });
}

export async function setPackageStatus(ctx: StaffContext, rechargeId: number, status: 0 | 1): Promise<{ recharge_id: number }> {
  return unitOfWork(ctx.db, async (tx) => {
    const result = await tx.updateTable("member_recharge").set({ status, update_time: now() }).where("recharge_id", "=", rechargeId).executeTakeFirst();
    expectAffected(result, 1, "充值套餐不存在");
    await logStaffAction(tx, ctx, status === RECHARGE_PACKAGE_STATUS.ON ? "recharge.package_on" : "recharge.package_off", { type: "member_recharge", id: rechargeId });
    return { recharge_id: rechargeId };
  });
}
