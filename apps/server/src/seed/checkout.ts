import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { changeAccount } from "../modules/account/ledger.ts";
import { DEMO_MEMBER_ID } from "./members.ts";
import { BASE_TIME, DAY } from "./random.ts";

/**
 * What checkout needs of the demo shop: express companies, the default freight template (by item
 * count, dearer to remote provinces), the demo member's starting balance and points — granted
 * through the ledger, so the ledger sums equal the member's totals — and a few virtual goods (电子
 * 兑换券) so that a virtual checkout can be shown. Runs inside the seed's transaction.
 */
export const EXPRESS_COMPANIES: Array<[name: string, code: string]> = [
  ["顺丰速运", "SF"], ["中通快递", "ZTO"], ["圆通速递", "YTO"], ["韵达快递", "YD"], ["申通快递", "STO"],
  ["京东物流", "JD"], ["中国邮政EMS", "EMS"], ["极兔速递", "JTSD"],
];

/** ¥8.00 for the first item, ¥2.00 each further one; remote provinces pay more. */
export const DEFAULT_FREIGHT_RULES = [
  { region_ids: "", first_unit: 1, first_cents: 800, continue_unit: 1, continue_cents: 200 },
  // 新疆, 西藏
  { region_ids: ",650000,540000,", first_unit: 1, first_cents: 2000, continue_unit: 1, continue_cents: 1000 },
  // 青海, 宁夏, 甘肃, 内蒙古
  { region_ids: ",630000,640000,620000,150000,", first_unit: 1, first_cents: 1500, continue_unit: 1, continue_cents: 500 },
];

export const DEMO_BALANCE_CENTS = 50_000;
export const DEMO_POINTS = 1280;
const GRANT_TIME = BASE_TIME - 30 * DAY;

/** Leaf categories whose first goods become vouchers, and how many of each. */
const VOUCHER_LEAVES = ["咖啡", "茶叶"];
const VOUCHERS_PER_LEAF = 2;
export const VOUCHER_SUFFIX = " 电子兑换券";

export async function seedCheckout(db: Kysely<DB>): Promise<void> {
  for (const [index, [company_name, code]] of EXPRESS_COMPANIES.entries()) {
    await db.insertInto("express_company").values({ company_name, code, sort: index }).execute();
  }
  const { template_id } = await db
    .insertInto("express_template")
    .values({ template_name: "默认运费模板（按件）", fee_type: 2, is_default: 1 })
    .returning("template_id")
    .executeTakeFirstOrThrow();
  for (const rule of DEFAULT_FREIGHT_RULES) await db.insertInto("express_template_item").values({ template_id, ...rule }).execute();

  const grant = { memberId: DEMO_MEMBER_ID, fromType: "seed_grant", businessId: "demo_start", typeName: "开户赠送", remark: "演示账户初始赠送" };
  await changeAccount(db, { ...grant, accountType: "balance", amount: DEMO_BALANCE_CENTS });
  await changeAccount(db, { ...grant, accountType: "point", amount: DEMO_POINTS });
  await db.updateTable("member_account").set({ create_time: GRANT_TIME }).where("from_type", "=", grant.fromType).execute();

  await seedVouchers(db);
}

/**
 * Makes a few goods virtual unless some already are: the first goods of the voucher leaves, or
 * the last goods of the catalog when a small catalog has none there. Their names (and their SKUs'
 * names, which start with the goods name) say they are vouchers.
 */
async function seedVouchers(db: Kysely<DB>): Promise<void> {
  if (await db.selectFrom("goods").select("goods_id").where("goods_class", "=", 2).executeTakeFirst()) return;
  let goods: Array<{ goods_id: number; goods_name: string }> = [];
  for (const leaf of VOUCHER_LEAVES) {
    const rows = await db
      .selectFrom("goods")
      .innerJoin("goods_category", "goods_category.category_id", "goods.category_id_3")
      .select(["goods.goods_id", "goods.goods_name"])
      .where("goods_category.category_name", "=", leaf)
      .orderBy("goods.goods_id")
      .limit(VOUCHERS_PER_LEAF)
      .execute();
    goods = [...goods, ...rows];
  }
  if (goods.length === 0) goods = await db.selectFrom("goods").select(["goods_id", "goods_name"]).orderBy("goods_id", "desc").limit(1).execute();
  for (const item of goods) {
    const name = `${item.goods_name}${VOUCHER_SUFFIX}`;
    await db.updateTable("goods").set({ goods_class: 2, is_free_shipping: 1, goods_name: name }).where("goods_id", "=", item.goods_id).execute();
    const skus = await db.selectFrom("goods_sku").select(["sku_id", "sku_name"]).where("goods_id", "=", item.goods_id).execute();
    for (const sku of skus) {
      const skuName = `${name}${sku.sku_name.slice(item.goods_name.length)}`;
      await db.updateTable("goods_sku").set({ sku_name: skuName }).where("sku_id", "=", sku.sku_id).execute();
      await db.updateTable("goods_evaluate").set({ sku_name: skuName }).where("sku_id", "=", sku.sku_id).execute();
    }
  }
}
