import type { Kysely } from "kysely";
import { checkoutCreateBody, INVOICE_TITLE_TYPES, INVOICE_TYPES } from "@shop/contract";
import type { DB } from "../db/schema.ts";
import type { Db } from "../db/unit-of-work.ts";
import { DAY_SECONDS, SHOP_UTC_OFFSET_SECONDS as SHOP_UTC_OFFSET, now } from "../core/time.ts";
import { addMemberAddress, type MemberAddressFields } from "../modules/address/member-address.ts";
import { addToCart } from "../modules/cart/cart-service.ts";
import { previewPayment, type PaymentRequest } from "../modules/checkout/payment.ts";
import { createOrder } from "../modules/checkout/create.ts";
import { settleTrade } from "../modules/pay/trade.ts";
import { sandboxTradeNo } from "../modules/pay/providers/sandbox.ts";
import { shipOrder } from "../modules/order/ship.ts";
import { closeByMember, takeDelivery } from "../modules/order/member-actions.ts";
import { SYSTEM, transitionOrder } from "../modules/order/state-machine.ts";
import { DEMO_MEMBER_ID } from "./members.ts";
import { dateAddresses, dateCart, dateOrder, type OrderDates } from "./order-dates.ts";

/**
 * The demo member's buying history, so that every order page is alive on first start: three
 * delivery addresses, a few goods in the cart and nine orders, one in each status the pages show
 * (待付款, 待发货 by express and by local delivery, 已发货 in two packages, 已收货, 已完成, 已关闭,
 * 待提货 at a store, 待使用 voucher). Every order goes through the real services — checkout preview
 * and create, settleTrade, shipping, the member's receipt and cancel — inside the seed's
 * transaction, so amounts, stock, sales, ledger rows, order logs, trades and jobs agree as if a
 * shopper had bought them. Nothing here uses balance, and the points an order used come back when
 * it is cancelled: the demo member keeps the balance and points seedCheckout granted.
 *
 * Time: the services stamp the current time; order-dates.ts then moves each order's rows to the
 * time of its story, told relative to the seed run (not BASE_TIME): an unpaid order, a shipment on
 * its way or a pickup time only make sense just before the shop first starts. What is bought, by
 * whom, to where and when relative to the seed run is deterministic; order numbers, trade numbers
 * and pickup / verification codes are random, as the services make them (unguessable by design).
 */

/** The unpaid demo order stays payable this long after the seed run (the shop closes real ones after order_config's 30 minutes). */
export const DEMO_PAY_WINDOW_SECONDS = 24 * 3600;


/** Times of the story, before the seed run `at` (shop time, UTC+8). */
export class StoryClock {
  constructor(readonly at: number) {}

  /** `days` days before today, at "HH:mm" shop time (always before `at` for days ≥ 1). */
  daysAgo(days: number, clock: string): number {
    const [hours, minutes] = clock.split(":").map(Number) as [number, number];
    const today = Math.floor((this.at + SHOP_UTC_OFFSET) / DAY_SECONDS) * DAY_SECONDS - SHOP_UTC_OFFSET;
    return today - days * DAY_SECONDS + hours * 3600 + minutes * 60;
  }

  minutesAgo(minutes: number): number {
    return this.at - minutes * 60;
  }

  /** "YYYY-MM-DD HH:mm" tomorrow, shop time: a pickup time the checkout accepts. */
  tomorrowAt(clock: string): string {
    return `${new Date((this.at + SHOP_UTC_OFFSET + DAY_SECONDS) * 1000).toISOString().slice(0, 10)} ${clock}`;
  }
}

// ---- addresses ------------------------------------------------------------------------------------

type AddressKey = "shanghai" | "beijing" | "shenzhen";

const ADDRESSES: Record<AddressKey, Omit<MemberAddressFields, "longitude" | "latitude" | "telephone">> = {
  // 上海 first and default: the shop's local delivery serves 上海市 (local_delivery.city_id 310100).
  shanghai: { name: "李娜", mobile: "13800138000", province_id: 310000, city_id: 310100, district_id: 310115, address: "张江高科技园区博云路 2 号 3 幢 502 室", is_default: 1 },
  beijing: { name: "王强", mobile: "13911082456", province_id: 110000, city_id: 110100, district_id: 110105, address: "建国路 88 号 SOHO 现代城 2 号楼 1801", is_default: 0 },
  shenzhen: { name: "陈静", mobile: "13760215839", province_id: 440000, city_id: 440300, district_id: 440305, address: "科技园南区深南大道 9988 号 A 座 12 楼", is_default: 0 },
};

async function seedAddresses(db: Db): Promise<Record<AddressKey, number>> {
  const ids = {} as Record<AddressKey, number>;
  for (const [key, fields] of Object.entries(ADDRESSES) as Array<[AddressKey, (typeof ADDRESSES)[AddressKey]]>) {
    ids[key] = await addMemberAddress(db, DEMO_MEMBER_ID, { ...fields, telephone: "", longitude: "", latitude: "" });
  }
  return ids;
}

// ---- goods ----------------------------------------------------------------------------------------

/** What a line buys: the first goods of the first of these leaf categories the catalog has (any goods when none). */
export interface Wanted {
  leaves: string[];
  num: number;
  /** a voucher (virtual goods, made by seedCheckout) */
  voucher?: boolean;
}

/**
 * The first SKU (by id) of the first wanted leaf that has one: on shelf, sold one at a time
 * (min_buy ≤ 1), with stock to spare and a price between ¥15 and ¥4,000 (vouchers: any price).
 * Each SKU is used once while there are others, so the orders show different goods; a small
 * catalog may sell one twice.
 */
export async function pickSku(db: Db, wanted: Wanted, used: Set<number>): Promise<number> {
  const find = (leaf: string | null, unused: boolean) => {
    let query = db
      .selectFrom("goods_sku")
      .innerJoin("goods", "goods.goods_id", "goods_sku.goods_id")
      .innerJoin("goods_category", "goods_category.category_id", "goods.category_id_3")
      .select("goods_sku.sku_id")
      .where("goods.goods_class", "=", wanted.voucher ? 2 : 1)
      .where("goods.goods_state", "=", 1)
      .where("goods.is_delete", "=", 0)
      .where("goods.min_buy", "<=", 1)
      .where("goods_sku.stock", ">=", 10);
    if (!wanted.voucher) query = query.where("goods_sku.discount_price_cents", ">=", 1500).where("goods_sku.discount_price_cents", "<=", 400_000);
    if (unused && used.size) query = query.where("goods_sku.sku_id", "not in", [...used]);
    if (leaf) query = query.where("goods_category.category_name", "=", leaf);
    return query.orderBy("goods_sku.sku_id").limit(1).executeTakeFirst();
  };
  const attempts: Array<[leaf: string | null, unused: boolean]> = [...wanted.leaves.map((leaf): [string, boolean] => [leaf, true]), [null, true], [null, false]];
  for (const [leaf, unused] of attempts) {
    const row = await find(leaf, unused);
    if (row) {
      used.add(row.sku_id);
      return row.sku_id;
    }
  }
  throw new Error(`seed orders: no SKU to sell for ${wanted.voucher ? "a voucher" : wanted.leaves.join("/")}`);
}

// ---- the orders -----------------------------------------------------------------------------------

interface ShipmentPlan {
  at: number;
  /** express company name (seeded by seedCheckout) */
  company: string;
  deliveryNo: string;
  /** which lines of the plan go in this package */
  lines: number[];
  /** the package's trace as staff enter it: minutes after shipping, remark */
  trace: Array<[minutes: number, remark: string]>;
}

/** One order's story. Several lines are bought through the cart, one line with buy-now, as on the site. */
interface OrderPlan {
  title: string;
  lines: Wanted[];
  delivery: "express" | "local" | "store" | "virtual";
  address?: AddressKey;
  /** more of the checkout page's choices (points, invoice, buyer message) */
  choices?: Record<string, unknown>;
  placed: number;
  paid?: number;
  shipments?: ShipmentPlan[];
  received?: number;
  completed?: number;
  cancelled?: { at: number; reason: string };
  /** the unpaid order: payable until then */
  payableUntil?: number;
}

const PERSONAL_E_INVOICE = {
  is_invoice: 1, invoice_type: INVOICE_TYPES.electronic, invoice_title_type: INVOICE_TITLE_TYPES.personal,
  invoice_title: "李娜", invoice_content: "商品明细", invoice_email: "demo@youxuan.example",
};

/** In the order they were placed (give or take today's hours); every time is before the seed run. */
function orderPlans(clock: StoryClock): OrderPlan[] {
  return [
    {
      title: "已完成：快递到北京，两种商品",
      lines: [{ leaves: ["耳机", "音箱"], num: 1 }, { leaves: ["数据线", "充电器"], num: 2 }],
      delivery: "express", address: "beijing",
      placed: clock.daysAgo(14, "20:16"), paid: clock.daysAgo(14, "20:19"),
      shipments: [{
        at: clock.daysAgo(13, "10:32"), company: "顺丰速运", deliveryNo: "SF1402385716204", lines: [0, 1],
        trace: [
          [0, "【上海市】顺丰速运 已收取快件"], [180, "快件已到达【上海浦东转运中心】"], [420, "快件已发往【北京顺义集散中心】"],
          [1380, "快件已到达【北京朝阳建国路营业点】"], [1500, "快件派送中，派送员：刘师傅"], [1620, "快件已签收，签收人：本人"],
        ],
      }],
      // completed order_config.auto_complete_days (7) after receipt; still within after_sale_days (15) of it
      received: clock.daysAgo(12, "19:02"), completed: clock.daysAgo(5, "19:02"),
    },
    {
      title: "已收货：快递到上海，待评价",
      lines: [{ leaves: ["T恤", "运动T恤", "衬衫"], num: 2 }],
      delivery: "express", address: "shanghai",
      placed: clock.daysAgo(9, "12:40"), paid: clock.daysAgo(9, "12:41"),
      shipments: [{
        at: clock.daysAgo(8, "16:05"), company: "中通快递", deliveryNo: "78316520948317", lines: [0],
        trace: [[0, "【上海市】中通快递 已揽收"], [240, "快件已到达【上海转运中心】"], [960, "快件已到达【上海浦东张江网点】"], [1080, "快件派送中"], [1200, "快件已签收，签收人：快递柜"]],
      }],
      received: clock.daysAgo(6, "19:05"),
    },
    {
      title: "已关闭：用了积分，买家取消",
      lines: [{ leaves: ["跑步鞋", "休闲鞋"], num: 1 }],
      delivery: "express", address: "shanghai", choices: { is_point: 1 },
      placed: clock.daysAgo(6, "22:10"), cancelled: { at: clock.daysAgo(6, "22:26"), reason: "信息填写错误，重新拍" },
    },
    {
      title: "已发货：快递到深圳，两个包裹",
      lines: [{ leaves: ["移动电源", "充电器"], num: 1 }, { leaves: ["智能手表", "鼠标"], num: 1 }],
      delivery: "express", address: "shenzhen",
      placed: clock.daysAgo(3, "09:12"), paid: clock.daysAgo(3, "09:14"),
      shipments: [
        {
          at: clock.daysAgo(2, "15:30"), company: "顺丰速运", deliveryNo: "SF1402397750318", lines: [0],
          trace: [[0, "【上海市】顺丰速运 已收取快件"], [150, "快件已到达【上海浦东转运中心】"], [600, "快件已发往【深圳宝安集散中心】"], [1260, "快件已到达【深圳宝安集散中心】"]],
        },
        {
          at: clock.daysAgo(2, "17:45"), company: "京东物流", deliveryNo: "JDVA27710394568", lines: [1],
          trace: [[0, "您的快件已由京东物流揽收"], [120, "您的快件已到达【上海嘉定分拣中心】"], [720, "您的快件已发往【深圳分拣中心】"]],
        },
      ],
    },
    {
      title: "待使用：电子兑换券",
      lines: [{ leaves: [], num: 1, voucher: true }],
      delivery: "virtual",
      placed: clock.daysAgo(2, "11:20"), paid: clock.daysAgo(2, "11:21"),
    },
    {
      title: "待发货：两种商品，开电子发票",
      lines: [{ leaves: ["饼干", "糖果", "肉干"], num: 3 }, { leaves: ["牙刷", "洗发水", "沐浴露"], num: 1 }],
      delivery: "express", address: "shanghai",
      choices: { ...PERSONAL_E_INVOICE, buyer_message: "工作日白天送货，谢谢" },
      placed: clock.daysAgo(1, "21:30"), paid: clock.daysAgo(1, "21:32"),
    },
    {
      title: "待发货：同城配送（上海）",
      lines: [{ leaves: ["食用油", "面条", "米粉"], num: 2 }],
      delivery: "local", address: "shanghai",
      placed: clock.minutesAgo(300), paid: clock.minutesAgo(298),
    },
    {
      title: "待提货：门店自提，明天下午取",
      lines: [{ leaves: ["口红", "面膜", "香水"], num: 1 }],
      delivery: "store",
      placed: clock.minutesAgo(180), paid: clock.minutesAgo(179),
    },
    {
      title: "待付款：刚下单",
      lines: [{ leaves: ["音箱", "键盘", "耳机"], num: 1 }],
      delivery: "express", address: "beijing",
      placed: clock.minutesAgo(10), payableUntil: clock.at + DEMO_PAY_WINDOW_SECONDS,
    },
  ];
}

/** Goods that wait in the cart: added over the last days, not bought yet. */
const CART_WANTS: Array<Wanted & { hoursAgo: number }> = [
  { leaves: ["瑜伽垫", "护具"], num: 1, hoursAgo: 50 },
  { leaves: ["咖啡", "茶叶", "饼干"], num: 2, hoursAgo: 26 },
  { leaves: ["四件套", "被子"], num: 1, hoursAgo: 4 },
];

interface Shipper {
  staff: { staff_id: number; username: string; nickname: string; role: string };
  ip: string;
}

interface SeedContext {
  db: Db;
  clock: StoryClock;
  addresses: Record<AddressKey, number>;
  usedSkus: Set<number>;
  shipper: Shipper;
  /** a store in the default address's city (else the first), for pickup */
  storeId: number;
}

/** What the checkout page would send to /api/ordercreate/create besides the key. */
function deliveryChoices(context: SeedContext, plan: OrderPlan): Record<string, unknown> {
  switch (plan.delivery) {
    case "virtual":
      return {};
    case "store":
      return { delivery: { delivery_type: "store", store_id: context.storeId, buyer_ask_delivery_time: context.clock.tomorrowAt("15:00") } };
    default:
      return { delivery: { delivery_type: plan.delivery }, member_address: { id: context.addresses[plan.address ?? "shanghai"] } };
  }
}

/** Checkout preview then create, as the checkout page does; answers the order and its SKUs by plan line. */
async function placeOrder(context: SeedContext, plan: OrderPlan): Promise<{ orderId: number; outTradeNo: string; skuIds: number[] }> {
  const { db } = context;
  const skuIds: number[] = [];
  for (const wanted of plan.lines) skuIds.push(await pickSku(db, wanted, context.usedSkus));
  let source: PaymentRequest = { sku_id: skuIds[0]!, num: plan.lines[0]!.num };
  if (plan.lines.length > 1) {
    const cartIds: number[] = [];
    for (const [index, skuId] of skuIds.entries()) cartIds.push(await addToCart(db, DEMO_MEMBER_ID, skuId, plan.lines[index]!.num));
    source = { cart_ids: cartIds };
  }
  const preview = await previewPayment(db, DEMO_MEMBER_ID, source);
  // Parsed by the contract's own schema, so the defaults are those of a real request.
  const request = checkoutCreateBody.parse({ order_key: preview.order_key, ...deliveryChoices(context, plan), ...plan.choices });
  const outTradeNo = await createOrder(db, DEMO_MEMBER_ID, request);
  const { order_id } = await db.selectFrom("orders").select("order_id").where("order_key", "=", preview.order_key).executeTakeFirstOrThrow();
  return { orderId: order_id, outTradeNo, skuIds };
}

/** The sandbox gateway's notify, as settleNotified records it. The seed's gateway number only has to look like one. */
export async function payBySandbox(db: Db, outTradeNo: string): Promise<void> {
  const trade = await db.selectFrom("pay").select("pay_money_cents").where("out_trade_no", "=", outTradeNo).executeTakeFirstOrThrow();
  const outcome = await settleTrade(db, outTradeNo, {
    payType: "sandbox",
    tradeNo: sandboxTradeNo(outTradeNo, "demo-seed"),
    amountCents: trade.pay_money_cents,
    actor: { type: "system", id: 0, name: "支付通知（sandbox）" },
  });
  if (outcome !== "paid") throw new Error(`seed orders: trade ${outTradeNo} was ${outcome}`);
}

async function ship(context: SeedContext, orderId: number, skuIds: number[], shipment: ShipmentPlan): Promise<void> {
  const { db } = context;
  const company = await db.selectFrom("express_company").select("company_id").where("company_name", "=", shipment.company).executeTakeFirstOrThrow();
  const wantedSkus = shipment.lines.map((line) => skuIds[line]!);
  const lines = await db.selectFrom("order_goods").select("order_goods_id").where("order_id", "=", orderId).where("sku_id", "in", wantedSkus).orderBy("order_goods_id").execute();
  await shipOrder(db, context.shipper, orderId, [{
    delivery_type: 1,
    express_company_id: company.company_id,
    delivery_no: shipment.deliveryNo,
    order_goods_ids: lines.map((line) => line.order_goods_id),
    trace: shipment.trace.map(([minutes, remark]) => ({ time: shipment.at + minutes * 60, remark })),
  }]);
}

async function tellStory(context: SeedContext, plan: OrderPlan): Promise<void> {
  const { db } = context;
  const { orderId, outTradeNo, skuIds } = await placeOrder(context, plan);
  if (plan.paid) await payBySandbox(db, outTradeNo);
  for (const shipment of plan.shipments ?? []) await ship(context, orderId, skuIds, shipment);
  if (plan.received) await takeDelivery(db, DEMO_MEMBER_ID, orderId);
  if (plan.completed) await transitionOrder(db, orderId, "complete", SYSTEM, "收货后超时，系统自动完成");
  if (plan.cancelled) await closeByMember(db, DEMO_MEMBER_ID, orderId, plan.cancelled.reason);
  const dates: OrderDates = {
    placed: plan.placed,
    paid: plan.paid,
    shipped: (plan.shipments ?? []).map((shipment) => shipment.at),
    received: plan.received,
    completed: plan.completed,
    closed: plan.cancelled?.at,
    payableUntil: plan.payableUntil,
  };
  await dateOrder(db, orderId, dates);
}

async function seedContext(db: Db, clock: StoryClock, addresses: Record<AddressKey, number>): Promise<SeedContext> {
  const admin = await db.selectFrom("staff").select(["staff_id", "username", "nickname", "role"]).where("role", "=", "admin").orderBy("staff_id").executeTakeFirstOrThrow();
  const province = await db.selectFrom("region").select("name").where("id", "=", ADDRESSES.shanghai.province_id).executeTakeFirst();
  const stores = await db.selectFrom("store").select(["store_id", "province_name"]).where("status", "=", 1).orderBy("store_id").execute();
  const store = stores.find((candidate) => candidate.province_name === province?.name) ?? stores[0];
  if (!store) throw new Error("seed orders: no open store for the pickup order");
  return { db, clock, addresses, usedSkus: new Set(), shipper: { staff: admin, ip: "127.0.0.1" }, storeId: store.store_id };
}

/** Runs inside the seed's transaction, after seedCheckout (express companies, freight, vouchers). */
export async function seedOrders(db: Kysely<DB>): Promise<void> {
  const clock = new StoryClock(now());
  const addresses = await seedAddresses(db);
  await dateAddresses(db, DEMO_MEMBER_ID, clock.daysAgo(30, "20:00"));
  const context = await seedContext(db, clock, addresses);
  for (const plan of orderPlans(clock)) {
    try {
      await tellStory(context, plan);
    } catch (error) {
      throw new Error(`seed orders: 「${plan.title}」 failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  for (const wanted of CART_WANTS) {
    const cartId = await addToCart(db, DEMO_MEMBER_ID, await pickSku(db, wanted, context.usedSkus), wanted.num);
    await dateCart(db, cartId, clock.minutesAgo(wanted.hoursAgo * 60));
  }
}
