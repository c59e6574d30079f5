import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { typesByIds } from "./staff-types.ts";
import type { StaffCouponType } from "@shop/contract";

/**
 * The registration pack (注册即送…优惠券): the coupon types every new member gets, in order (a type
 * listed twice gives two). Kept in the config table under its own key; the register service hands
 * it to grantCoupons in the new member's unit of work.
 */
const PACK_KEY = "coupon_register_pack";
/** The most coupons one pack holds. */
export const MAX_PACK_SIZE = 20;

export async function registrationPack(db: Db): Promise<number[]> {
  const row = await db.selectFrom("config").select("value").where("config_key", "=", PACK_KEY).executeTakeFirst();
  if (!row) return [];
  try {
    const ids = (JSON.parse(row.value) as { coupon_type_ids?: unknown }).coupon_type_ids;
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

/** Writes the pack (the seed, and staff through setRegistrationPack). */
export async function saveRegistrationPack(db: Db, couponTypeIds: number[]): Promise<void> {
  const value = JSON.stringify({ coupon_type_ids: couponTypeIds });
  await db
    .insertInto("config")
    .values({ config_key: PACK_KEY, value, update_time: now() })
    .onConflict((conflict) => conflict.column("config_key").doUpdateSet({ value, update_time: now() }))
    .execute();
}

export async function registrationPackView(db: Db): Promise<{ coupon_type_ids: number[]; list: StaffCouponType[] }> {
  const ids = await registrationPack(db);
  return { coupon_type_ids: ids, list: await typesByIds(db, ids) };
}

export async function setRegistrationPack(db: Db, caller: StaffCaller, couponTypeIds: number[]): Promise<{ coupon_type_ids: number[] }> {
  if (couponTypeIds.length > MAX_PACK_SIZE) fail(`注册礼包最多 ${MAX_PACK_SIZE} 张优惠券`);
  const found = await typesByIds(db, couponTypeIds);
  if (found.length !== couponTypeIds.length) fail("礼包中有不存在的优惠券");
  if (found.some((type) => type.status !== 1)) fail("礼包中有已关闭的优惠券");
  return unitOfWork(db, async (tx) => {
    await saveRegistrationPack(tx, couponTypeIds);
    await logStaffAction(tx, caller, "coupon.register_pack", { type: "config", id: PACK_KEY }, { coupon_type_ids: couponTypeIds });
    return { coupon_type_ids: couponTypeIds };
  });
}
