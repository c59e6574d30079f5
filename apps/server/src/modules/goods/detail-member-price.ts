import type { Kysely } from "kysely";
import { cents, percentOfCents, type DetailMemberInfo } from "@shop/contract";
import type { DB } from "../../db/schema.ts";

/** No discount: 100 percent of the price. */
export const FULL_PRICE_PERCENT = 100;

/**
 * The pricing side of a logged-in member: level and its consume_discount (percent). A member
 * without a level, or a level with a nonsensical discount, pays full price.
 */
export async function findMemberPricing(db: Kysely<DB>, memberId: number | undefined): Promise<DetailMemberInfo | null> {
  if (memberId === undefined) return null;
  const row = await db
    .selectFrom("member")
    .leftJoin("member_level", "member_level.level_id", "member.member_level")
    .select(["member.member_id", "member.member_level", "member_level.level_name", "member_level.consume_discount"])
    .where("member.member_id", "=", memberId)
    .executeTakeFirst();
  if (!row) return null;
  const discount = Number(row.consume_discount);
  return {
    member_id: row.member_id,
    member_level: row.member_level,
    member_level_name: row.level_name ?? "",
    consume_discount: discount > 0 && discount <= FULL_PRICE_PERCENT ? discount : FULL_PRICE_PERCENT,
  };
}

/**
 * The level discount a goods gives: its own switch (会员折扣, goods.is_consume_discount) decides
 * whether the member's level discount applies to it at all.
 */
export const goodsDiscountPercent = (isConsumeDiscount: number, levelPercent: number): number =>
  isConsumeDiscount === 1 ? levelPercent : FULL_PRICE_PERCENT;

/** The member price of a price in cents: the level discount applied, rounded to the cent. */
export const memberPriceCents = (amount: number, percent: number = FULL_PRICE_PERCENT): number => percentOfCents(cents(amount), percent);
