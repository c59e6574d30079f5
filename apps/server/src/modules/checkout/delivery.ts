import { ZERO_CENTS, type Cents, type CheckoutAddress, type CheckoutChoices, type CheckoutStore, type DeliveryType } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { now } from "../../core/time.ts";
import type { ExpressConfig, LocalDeliveryConfig } from "./checkout-config.ts";
import { findMemberAddress, hasValidRegion } from "./address.ts";
import { goodsExpressFee } from "./freight-by-goods.ts";
import type { PricedLine } from "./order-lines.ts";
import { findOpenStore, pickupTimeProblem } from "./pickup.ts";

/**
 * The delivery of an order and its fee: express (templates by province, free-shipping threshold,
 * member levels with free shipping), pickup at a store (free, with a pickup time) or local delivery
 * (the shop's city, a minimum order, a flat fee). `problem` says what the shopper still has to
 * choose or fix before the order can be created ("" when nothing).
 */
export interface DeliveryOutcome {
  type: DeliveryType;
  fee: Cents;
  address: CheckoutAddress | null;
  store: CheckoutStore | null;
  pickupTime: string;
  problem: string;
}

export interface DeliveryContext {
  db: Db;
  memberId: number;
  lines: PricedLine[];
  goodsMoney: Cents;
  memberFreeShipping: boolean;
  express: ExpressConfig;
  local: LocalDeliveryConfig;
}

const INVALID_REGION = "收货地址的所在地区无效，请重新编辑地址";

export async function resolveDelivery(context: DeliveryContext, choices: Pick<CheckoutChoices, "delivery" | "member_address">): Promise<DeliveryOutcome> {
  const type = choices.delivery?.delivery_type ?? "express";
  const address = choices.member_address ? await findMemberAddress(context.db, context.memberId, choices.member_address.id) : null;
  const outcome: DeliveryOutcome = { type, fee: ZERO_CENTS, address, store: null, pickupTime: "", problem: "" };
  if (type === "store") return pickup(context, outcome, choices.delivery?.store_id, choices.delivery?.buyer_ask_delivery_time);
  if (!address) return { ...outcome, problem: "请选择收货地址" };
  if (!(await hasValidRegion(context.db, address))) return { ...outcome, problem: INVALID_REGION };
  return type === "local" ? localDelivery(context, outcome, address) : expressDelivery(context, outcome, address);
}

async function expressDelivery(context: DeliveryContext, outcome: DeliveryOutcome, address: CheckoutAddress): Promise<DeliveryOutcome> {
  const fee = await goodsExpressFee(context.db, address.province_id, context.lines);
  if (!fee.deliverable) return { ...outcome, problem: "所选地区暂不支持快递配送，请更换收货地址" };
  const threshold = context.express.free_shipping_above_cents;
  const freeByAmount = threshold > 0 && context.goodsMoney >= threshold;
  return { ...outcome, fee: freeByAmount || context.memberFreeShipping ? ZERO_CENTS : fee.fee };
}

async function localDelivery(context: DeliveryContext, outcome: DeliveryOutcome, address: CheckoutAddress): Promise<DeliveryOutcome> {
  const config = context.local;
  if (!config.is_enable) return fail("本店暂不支持同城配送");
  if (address.city_id !== config.city_id) return { ...outcome, problem: "收货地址不在同城配送范围内，请选择其他配送方式" };
  if (context.goodsMoney < config.start_money_cents) {
    return { ...outcome, problem: `同城配送满 ¥${yuan(config.start_money_cents)} 起送` };
  }
  const free = config.free_above_cents > 0 && context.goodsMoney >= config.free_above_cents;
  return { ...outcome, fee: free ? ZERO_CENTS : (config.fee_cents as Cents) };
}

async function pickup(context: DeliveryContext, outcome: DeliveryOutcome, storeId: number | undefined, time: string | undefined): Promise<DeliveryOutcome> {
  if (!storeId) return { ...outcome, problem: "请选择自提门店" };
  const store = await findOpenStore(context.db, storeId);
  const pickupTime = time ?? "";
  return { ...outcome, store, pickupTime, problem: pickupTimeProblem(time, store, now()) };
}
