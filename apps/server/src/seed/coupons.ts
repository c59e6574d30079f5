import { checkoutCreateBody } from "@shop/contract";
import type { Db } from "../db/unit-of-work.ts";
import type { NewRow } from "../db/schema.ts";
import { DAY_SECONDS, now } from "../core/time.ts";
import { issueCoupon } from "../modules/coupon/issue.ts";
import { grantCoupons } from "../modules/coupon/grant.ts";
import { saveRegistrationPack } from "../modules/coupon/register-pack.ts";
import { GoodsScope, TypeStatus, Validity } from "../modules/coupon/rules.ts";
import { previewPayment } from "../modules/checkout/payment.ts";
import { createOrder } from "../modules/checkout/create.ts";
import { settleTrade } from "../modules/pay/trade.ts";
import { sandboxTradeNo } from "../modules/pay/providers/sandbox.ts";
import { DEMO_MEMBER_ID } from "./members.ts";
import { SEED_CUSTOMER_ID } from "./verify.ts";
import { StoryClock } from "./orders.ts";
import { dateOrder } from "./order-dates.ts";

/**
 * Coupons, alive on first start (ADR 0019):
 * - the coupon centre offers 满减 and 折扣 types for all goods, for a category and for chosen goods,
 *   with fixed dates or N days after receipt, one of them used up (已领完);
 * - types the centre does not show: an expired one, a closed one, and reward-only ones — the
 *   registration pack (新人专享 20 + 30 + 50 = 100 元, the login banner's promise) and the rewards
 *   of recharges and sign-ins (SEED_REWARD_COUPON_NAMES, for their seeds to find);
 * - the demo member holds coupons in every state: unused (received in the centre and its own
 *   registration pack), used (a paid order bought with a coupon, through the real checkout) and
 *   expired; lead_count always equals the coupons given. Runs inside the seed's transaction, after
 *   the orders and the verification customer.
 */

/** Names of the reward-only types other seeds grant (recharge packages, sign-in streaks). */
export const SEED_REWARD_COUPON_NAMES = { recharge: "充值赠送 满200减20", signin: "签到奖励 满50减5" } as const;

/** A type to insert: its name and kind, any other column (defaults in insertType), and its scope. */
type TypeSeed = Pick<NewRow<"coupon_type">, "coupon_name" | "type"> & Partial<NewRow<"coupon_type">> & { goods?: number[]; categories?: number[] };

const reward = (name: string, money: number, atLeast: number): Pick<TypeSeed, "coupon_name" | "type" | "money_cents" | "at_least_cents"> => ({
  coupon_name: name, type: "reward", money_cents: money * 100, at_least_cents: atLeast * 100,
});

const discount = (name: string, percent: number, cap: number, atLeast = 0): Pick<TypeSeed, "coupon_name" | "type" | "discount_percent" | "discount_limit_cents" | "at_least_cents"> => ({
  coupon_name: name, type: "discount", discount_percent: percent, discount_limit_cents: cap * 100, at_least_cents: atLeast * 100,
});

const days = (term: number) => ({ validity_type: Validity.DAYS, fixed_term: term });

async function insertType(db: Db, seed: TypeSeed, at: number, sort: number): Promise<number> {
  const { goods = [], categories = [], ...columns } = seed;
  const { coupon_type_id } = await db
    .insertInto("coupon_type")
    .values({
      money_cents: 0, discount_percent: 0, discount_limit_cents: 0, at_least_cents: 0, goods_type: GoodsScope.ALL, validity_type: Validity.DAYS,
      start_time: 0, end_time: 0, fixed_term: 0, max_fetch: 1, total_count: 0, is_show: 1, status: TypeStatus.RUNNING, sort,
      create_time: at - 20 * DAY_SECONDS, update_time: at - 20 * DAY_SECONDS, ...columns,
    })
    .returning("coupon_type_id")
    .executeTakeFirstOrThrow();
  const scope = [
    ...goods.map((goodsId) => ({ coupon_type_id, goods_id: goodsId, category_id: 0 })),
    ...categories.map((categoryId) => ({ coupon_type_id, goods_id: 0, category_id: categoryId })),
  ];
  if (scope.length > 0) await db.insertInto("coupon_type_scope").values(scope).execute();
  return coupon_type_id;
}

async function categoryId(db: Db, name: string, level: number): Promise<number | undefined> {
  const row = await db.selectFrom("goods_category").select("category_id").where("category_name", "=", name).where("level", "=", level).orderBy("category_id").executeTakeFirst();
  return row?.category_id;
}

/** The first goods on sale (by id) priced within [min, max] yuan, physical, sold one at a time. */
async function goodsPriced(db: Db, min: number, max: number, count: number): Promise<number[]> {
  const rows = await db
    .selectFrom("goods")
    .innerJoin("goods_sku", (join) => join.onRef("goods_sku.goods_id", "=", "goods.goods_id").on("goods_sku.is_default", "=", 1))
    .select("goods.goods_id")
    .where("goods.goods_state", "=", 1)
    .where("goods.is_delete", "=", 0)
    .where("goods.goods_class", "=", 1)
    .where("goods.min_buy", "<=", 1)
    .where("goods_sku.stock", ">=", 10)
    .where("goods_sku.discount_price_cents", ">=", min * 100)
    .where("goods_sku.discount_price_cents", "<=", max * 100)
    .orderBy("goods.goods_id")
    .limit(count)
    .execute();
  return rows.map((row) => row.goods_id);
}

interface SeededTypes {
  ids: Record<string, number>;
  pack: number[];
}

async function seedTypes(db: Db, at: number): Promise<SeededTypes> {
  const digital = await categoryId(db, "手机数码", 1);
  const appliances = await categoryId(db, "家用电器", 1);
  const chosen = await goodsPriced(db, 300, 3000, 4);
  const single = (await goodsPriced(db, 100, 2000, 6)).at(-1);
  const types: Array<[key: string, TypeSeed]> = [
    ["all199", { ...reward("全场满199减20", 20, 199), ...days(30), max_fetch: 2, total_count: 5000 }],
    ["all99", { ...reward("全场满99减10", 10, 99), ...days(15), max_fetch: 3 }],
    ["noThreshold", { ...reward("无门槛5元券", 5, 0), ...days(7), max_fetch: 1, total_count: 10000 }],
    ["limited", { ...reward("限量抢 满59减15", 15, 59), ...days(10), max_fetch: 1, total_count: 2 }],
  ];
  if (digital) {
    types.push(["digital", {
      ...discount("手机数码 9折券", 90, 100), validity_type: Validity.FIXED, start_time: at - 3 * DAY_SECONDS, end_time: at + 30 * DAY_SECONDS,
      goods_type: GoodsScope.CATEGORIES, categories: [digital], max_fetch: 1, total_count: 1000,
    }]);
  }
  if (appliances) {
    types.push(["appliances", { ...reward("家电满1000减100", 100, 1000), ...days(30), goods_type: GoodsScope.CATEGORIES, categories: [appliances], total_count: 2000 }]);
  }
  if (chosen.length > 1) types.push(["chosen", { ...reward("精选好物 满300减50", 50, 300), ...days(20), goods_type: GoodsScope.GOODS, goods: chosen, total_count: 500 }]);
  if (single) types.push(["single", { ...discount("单品专享 8.5折", 85, 0), ...days(14), goods_type: GoodsScope.GOODS, goods: [single], total_count: 300 }]);
  types.push(
    ["expired", { ...reward("双十二 满300减30", 30, 300), validity_type: Validity.FIXED, start_time: at - 40 * DAY_SECONDS, end_time: at - 10 * DAY_SECONDS, total_count: 3000 }],
    ["closed", { ...reward("年货节 满500减60", 60, 500), ...days(30), status: TypeStatus.CLOSED, total_count: 1000 }],
    ["new50", { ...reward("新人专享 满299减50", 50, 299), ...days(30), is_show: 0 }],
    ["new30", { ...reward("新人专享 满199减30", 30, 199), ...days(30), is_show: 0 }],
    ["new20", { ...reward("新人专享 满99减20", 20, 99), ...days(30), is_show: 0 }],
    ["recharge", { ...reward(SEED_REWARD_COUPON_NAMES.recharge, 20, 200), ...days(30), is_show: 0, max_fetch: 0 }],
    ["signin", { ...reward(SEED_REWARD_COUPON_NAMES.signin, 5, 50), ...days(7), is_show: 0, max_fetch: 0 }],
  );
  const ids: Record<string, number> = {};
  for (const [index, [key, seed]] of types.entries()) ids[key] = await insertType(db, seed, at, index + 1);
  return { ids, pack: [ids.new20!, ids.new30!, ids.new50!] };
}

/** Gives a coupon as received at `at` (its validity runs from then), failing loudly: the seed's story must hold. */
async function give(db: Db, typeId: number, memberId: number, at: number): Promise<number> {
  const outcome = await issueCoupon(db, typeId, memberId, { getType: "receive", grantId: 0 }, at);
  if (!outcome.ok) throw new Error(`seed coupons: type ${typeId} refused member ${memberId}: ${outcome.reason}`);
  return outcome.couponId;
}

/** The demo member's used coupon: a paid order (待发货) bought with 全场满99减10 through the real checkout. */
async function orderWithCoupon(db: Db, clock: StoryClock, couponId: number): Promise<void> {
  const [goodsId] = await goodsPriced(db, 120, 400, 1);
  if (!goodsId) return;
  const sku = await db.selectFrom("goods_sku").select("sku_id").where("goods_id", "=", goodsId).where("is_default", "=", 1).executeTakeFirstOrThrow();
  const address = await db.selectFrom("member_address").select("id").where("member_id", "=", DEMO_MEMBER_ID).orderBy("is_default", "desc").orderBy("id").executeTakeFirstOrThrow();
  const preview = await previewPayment(db, DEMO_MEMBER_ID, { sku_id: sku.sku_id, num: 1 });
  const outTradeNo = await createOrder(
    db,
    DEMO_MEMBER_ID,
    checkoutCreateBody.parse({ order_key: preview.order_key, delivery: { delivery_type: "express" }, member_address: { id: address.id }, coupon: { coupon_id: couponId } }),
  );
  const trade = await db.selectFrom("pay").select("pay_money_cents").where("out_trade_no", "=", outTradeNo).executeTakeFirstOrThrow();
  await settleTrade(db, outTradeNo, {
    payType: "sandbox", tradeNo: sandboxTradeNo(outTradeNo, "demo-seed"), amountCents: trade.pay_money_cents, actor: { type: "system", id: 0, name: "支付通知（sandbox）" },
  });
  const order = await db.selectFrom("orders").select("order_id").where("order_key", "=", preview.order_key).executeTakeFirstOrThrow();
  const placed = clock.daysAgo(3, "21:14");
  await dateOrder(db, order.order_id, { placed, paid: placed + 60, shipped: [] });
  await db.updateTable("coupon").set({ use_time: placed }).where("coupon_id", "=", couponId).execute();
}

export async function seedCoupons(db: Db): Promise<void> {
  const at = now();
  const clock = new StoryClock(at);
  const { ids, pack } = await seedTypes(db, at);
  await saveRegistrationPack(db, pack);

  // Unused: received in the centre over the last days, and the demo's own registration pack.
  await give(db, ids.all199!, DEMO_MEMBER_ID, clock.daysAgo(2, "10:12"));
  await give(db, ids.noThreshold!, DEMO_MEMBER_ID, clock.daysAgo(1, "09:03"));
  await give(db, ids.limited!, DEMO_MEMBER_ID, clock.daysAgo(4, "10:00"));
  if (ids.digital) await give(db, ids.digital, DEMO_MEMBER_ID, clock.daysAgo(1, "20:45"));
  await grantCoupons(db, DEMO_MEMBER_ID, pack, "register", String(DEMO_MEMBER_ID));
  // The last of the limited type went to a regular customer: the centre shows it 已领完.
  await give(db, ids.limited!, SEED_CUSTOMER_ID, clock.daysAgo(4, "10:01"));
  // Expired: received during the 双十二 sale, never used.
  await give(db, ids.expired!, DEMO_MEMBER_ID, clock.daysAgo(35, "12:00"));
  // Used: bought with at checkout.
  await orderWithCoupon(db, clock, await give(db, ids.all99!, DEMO_MEMBER_ID, clock.daysAgo(5, "19:30")));
}
