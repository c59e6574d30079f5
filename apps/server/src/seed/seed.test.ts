import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { verifyPassword } from "../core/password.ts";
import type { ConfigKey } from "../core/config-keys.ts";
import type { GoodsSkuItem, Page } from "@shop/contract";
import { seedIfEmpty } from "./index.ts";

const SKUS = 200;
const AD_KEYWORDS = [
  "NS_PC_INDEX_TOP", "NS_PC_INDEX", "NS_PC_INDEX_MID_LEFT", "NS_PC_INDEX_MID_RIGHT", "NS_PC_INDEX_CATEGORY_BELOW",
  "NS_PC_BRAND", "NS_PC_COUPON", "NS_PC_GROUPBUY", "NS_PC_SECKILL", "NS_PC_LOGIN",
];
/** Every config key; `satisfies` makes the compiler flag a key added to config-keys.ts but not here. */
const CONFIG_KEYS = Object.keys({
  site_info: 1, copyright: 1, default_img: 1, servicer: 1, category_config: 1, hot_search_words: 1,
  default_search_words: 1, float_layer: 1, register_config: 1, register_agreement: 1, addons: 1,
  wap_qrcode: 1, weapp_qrcode: 1, servicer_keyword: 1, order_config: 1, point_config: 1, local_delivery: 1,
  invoice_config: 1, express_config: 1, evaluate_config: 1, refund_config: 1, seckill_config: 1,
  chat_quick_replies: 1, site_extra: 1, pay_config: 1, sms_config: 1, balance_config: 1, captcha_config: 1,
} satisfies Record<ConfigKey, 1>);
const FLOOR_BLOCKS: Record<string, string[]> = {
  "floor-style-1": ["title", "leftImg", "goodsList", "bottomImg"],
  "floor-style-2": ["title", "subTitle", "goodsList", "bottomImg"],
  "floor-style-3": ["title", "leftImg", "categoryList", "rightGoodsList", "bottomGoodsList"],
  "floor-style-4": ["title", "more", "leftImg", "goodsList", "bottomImg"],
};

let first: TestApp;
let second: TestApp;
const db = () => first.app.deps.db;
/** "upload/seed/a.jpg" → its file in the test app's data directory */
const fileOf = (url: string) => path.join(first.config.dataDir, url.replace(/^\//, ""));

beforeAll(async () => {
  [first, second] = await Promise.all([startTestApp({ seed: SKUS }), startTestApp({ seed: SKUS })]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

describe("seed", () => {
  it("is deterministic: two databases get the same goods, SKUs and categories", async () => {
    const snapshot = async (app: TestApp) => ({
      goods: await app.app.deps.db.selectFrom("goods").select(["goods_id", "goods_name", "price_cents", "goods_spec_format", "goods_image", "create_time"]).orderBy("goods_id").execute(),
      skus: await app.app.deps.db.selectFrom("goods_sku").select(["sku_id", "sku_name", "price_cents", "stock", "sku_spec_format"]).orderBy("sku_id").execute(),
      categories: await app.app.deps.db.selectFrom("goods_category").select(["category_id", "category_full_name"]).orderBy("category_id").execute(),
    });
    const [a, b] = await Promise.all([snapshot(first), snapshot(second)]);
    expect(a.goods.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
  });

  it("seeds only an empty database", async () => {
    expect(await seedIfEmpty(first.app.deps, { skus: SKUS, log: () => {} })).toBe(false);
  });

  it("builds a three-level category tree with paths and full names", async () => {
    const categories = await db().selectFrom("goods_category").selectAll().execute();
    const byId = new Map(categories.map((category) => [category.category_id, category]));
    const tops = categories.filter((category) => category.level === 1);
    expect(tops.length).toBeGreaterThanOrEqual(10);
    for (const top of tops) {
      const subs = categories.filter((category) => category.pid === top.category_id);
      expect(subs.length).toBeGreaterThanOrEqual(2);
      for (const sub of subs) expect(categories.filter((category) => category.pid === sub.category_id).length).toBeGreaterThanOrEqual(2);
    }
    const phone = categories.find((category) => category.category_full_name === "手机数码/手机通讯/手机")!;
    expect(phone.level).toBe(3);
    const ids = phone.category_id_path.split(",").filter(Boolean).map(Number);
    expect(ids).toHaveLength(3);
    expect(ids[2]).toBe(phone.category_id);
    expect(byId.get(ids[1]!)?.category_name).toBe("手机通讯");
    expect(byId.get(ids[0]!)?.category_name).toBe("手机数码");
  });

  it("creates exactly the requested SKUs, consistent with their goods", async () => {
    const goods = await db().selectFrom("goods").selectAll().execute();
    const skus = await db().selectFrom("goods_sku").selectAll().execute();
    expect(skus).toHaveLength(SKUS);
    const brands = new Set((await db().selectFrom("goods_brand").select("brand_name").execute()).map((brand) => brand.brand_name));
    expect(new Set(goods.map((item) => item.category_id_1)).size).toBeGreaterThanOrEqual(10);
    for (const item of goods) {
      const own = skus.filter((sku) => sku.goods_id === item.goods_id);
      expect(own.length).toBeGreaterThan(0);
      for (const sku of own) expect(sku.stock).toBeGreaterThan(0);
      expect(item.goods_name).toContain(item.brand_name);
      expect(brands.has(item.brand_name)).toBe(true);
      expect(item.market_price_cents).toBeGreaterThan(item.price_cents);
      expect(item.category_id).toBe(`,${item.category_id_1},${item.category_id_2},${item.category_id_3},`);
      const ownIds = new Set(own.map((sku) => sku.sku_id));
      const specs = JSON.parse(item.goods_spec_format) as Array<{ spec_name: string; value: Array<{ sku_id: number; spec_value_name: string }> }>;
      for (const spec of specs) for (const value of spec.value) expect(ownIds.has(value.sku_id)).toBe(true);
      for (const sku of own) {
        expect(sku.discount_price_cents).toBe(sku.price_cents);
        const values = JSON.parse(sku.sku_spec_format) as Array<{ spec_value_name: string }>;
        expect(values).toHaveLength(specs.length);
        expect(sku.sku_name).toBe([item.goods_name, ...values.map((value) => value.spec_value_name)].join(" "));
      }
      expect(JSON.parse(item.goods_attr_format)[0]).toEqual({ attr_name: "品牌", attr_value_name: item.brand_name });
    }
    const phones = goods.filter((item) => item.category_id_3 === goods.find((g) => g.keywords.includes(",手机,"))?.category_id_3);
    expect(phones.length).toBeGreaterThan(0);
    for (const phone of phones) expect(phone.goods_name).toContain("手机");
  });

  it("answers each list item's goods_stock as the sum of its SKUs' stock (stock lives on SKUs only)", async () => {
    const page = await first.call<Page<GoodsSkuItem>>("/api/goodssku/page", { page_size: 100 });
    const skus = await db().selectFrom("goods_sku").select(["goods_id", "stock"]).execute();
    const multiSku = page.data.list.filter((item) => skus.filter((sku) => sku.goods_id === item.goods_id).length > 1);
    expect(multiSku.length).toBeGreaterThan(10);
    for (const item of page.data.list) {
      const own = skus.filter((sku) => sku.goods_id === item.goods_id);
      expect(item.goods_stock).toBe(own.reduce((sum, sku) => sum + Number(sku.stock), 0));
    }
  });
  it("has ads for every PC ad keyword, with JSON links inside the storefront", async () => {
    for (const keyword of AD_KEYWORDS) {
      const position = await db().selectFrom("adv_position").selectAll().where("keyword", "=", keyword).executeTakeFirstOrThrow();
      const ads = await db().selectFrom("adv").selectAll().where("ap_id", "=", position.ap_id).execute();
      expect(ads.length, keyword).toBeGreaterThan(0);
      for (const ad of ads) {
        const { url } = JSON.parse(ad.adv_url) as { url: string };
        expect(url).toMatch(/^\/(?!web\/)/);
        expect(fs.existsSync(fileOf(ad.adv_image))).toBe(true);
      }
    }
    const carousel = await db().selectFrom("adv").innerJoin("adv_position", "adv_position.ap_id", "adv.ap_id").select("background").where("keyword", "=", "NS_PC_INDEX").execute();
    expect(carousel.length).toBeGreaterThanOrEqual(4);
    expect(carousel.every((ad) => /^#[0-9a-f]{6}$/i.test(ad.background))).toBe(true);
  });

  it("has floors of styles 1–4 with the reference's blocks, showing goods of their category", async () => {
    const floors = await db().selectFrom("pc_floor").selectAll().execute();
    expect(new Set(floors.map((floor) => floor.block_name))).toEqual(new Set(Object.keys(FLOOR_BLOCKS)));
    const goods = await db().selectFrom("goods").select(["goods_id", "category_id_1"]).execute();
    const topOf = new Map(goods.map((item) => [item.goods_id, item.category_id_1]));
    for (const floor of floors) {
      const value = JSON.parse(floor.value) as Record<string, { type: string; value: Record<string, unknown> }>;
      expect(Object.keys(value)).toEqual(FLOOR_BLOCKS[floor.block_name]);
      const title = value.title!.value as { text: string; link: string };
      const categoryId = Number(/category_id=(\d+)/.exec((JSON.parse(title.link) as { url: string }).url)![1]);
      for (const block of Object.values(value)) {
        if (block.type === "goods") {
          const ids = block.value.goods_ids as number[];
          expect(ids.length).toBeGreaterThan(0);
          expect(block.value.list).toEqual([]);
          for (const id of ids) expect(topOf.get(id)).toBe(categoryId);
        }
        if (block.type === "img") expect(fs.existsSync(fileOf(block.value.url as string))).toBe(true);
        if (block.type === "category") expect((block.value.category_ids as number[]).length).toBeGreaterThan(0);
      }
    }
  });

  it("fills the help centre, notices, articles, stores, navigation and services", async () => {
    const classes = await db().selectFrom("help_class").selectAll().execute();
    expect(classes.length).toBeGreaterThanOrEqual(4);
    for (const helpClass of classes) {
      const articles = await db().selectFrom("help").select("content").where("class_id", "=", helpClass.class_id).execute();
      expect(articles.length).toBeGreaterThanOrEqual(4);
      expect(articles.every((article) => article.content.startsWith("<p>"))).toBe(true);
    }
    const notices = await db().selectFrom("notice").selectAll().execute();
    expect(notices.length).toBeGreaterThanOrEqual(8);
    expect(notices.some((notice) => notice.is_top === 1)).toBe(true);
    const articles = await db().selectFrom("article").selectAll().execute();
    expect(articles.length).toBeGreaterThanOrEqual(12);
    for (const article of articles) expect(fs.existsSync(fileOf(article.cover_img))).toBe(true);
    const stores = await db().selectFrom("store").selectAll().execute();
    expect(stores.length).toBeGreaterThanOrEqual(12);
    expect(new Set(stores.map((store) => store.city_name)).size).toBeGreaterThanOrEqual(10);
    // Every store has its region codes (the console's store editor shows them).
    expect(stores.filter((store) => !(store.province_id > 0 && store.city_id > 0 && store.district_id > 0)).map((store) => store.store_name)).toEqual([]);
    const nav = await db().selectFrom("pc_nav").selectAll().execute();
    expect(nav.map((item) => item.nav_title)).toContain("首页");
    for (const item of nav) expect(JSON.parse(item.nav_url)).toHaveProperty("url");
    const links = await db().selectFrom("pc_friendly_link").selectAll().execute();
    expect(links.every((link) => link.is_blank === 1 && /^https?:\/\//.test(link.link_url))).toBe(true);
    const services = await db().selectFrom("goods_service").selectAll().execute();
    expect(services.map((service) => service.service_name)).toContain("正品保障");
    for (const service of services) expect(["img", "icon"]).toContain(JSON.parse(service.icon).iconType);
    const levels = await db().selectFrom("member_level").selectAll().orderBy("growth").execute();
    expect(levels.map((level) => level.level_name)).toEqual(["普通会员", "白银会员", "黄金会员", "钻石会员"]);
    expect(levels.filter((level) => level.is_default === 1)).toHaveLength(1);
  });

  it("writes every config key as JSON, leaving the mobile site's address and QR code to the answer", async () => {
    const rows = await db().selectFrom("config").selectAll().execute();
    const values = Object.fromEntries(rows.map((row) => [row.config_key, JSON.parse(row.value)]));
    for (const key of CONFIG_KEYS) expect(values, key).toHaveProperty(key);
    expect(values.site_info.shop_status).toBe(1);
    expect(values.category_config).toEqual({ category: 3, img: 1 });
    expect(values.servicer.pc.type).toBe("niushop");
    // Told at answer time from the public origin (modules/site/mobile-qrcode.ts), so PORT and PUBLIC_ORIGIN count.
    expect(values.wap_qrcode).toEqual({ img: "", url: "" });
    expect(values.site_info.web_qrcode).toBe("");
    expect(values.addons).toEqual({});
    const weapp = await sharp(fileOf(values.weapp_qrcode.qrcode)).metadata();
    expect(weapp.format).toBe("png");
    for (const url of Object.values(values.default_img as Record<string, string>)) expect(fs.existsSync(fileOf(url))).toBe(true);
  });

  it("renders product pictures in three sizes", async () => {
    const goods = await db().selectFrom("goods").select("goods_image").limit(5).execute();
    for (const item of goods) {
      for (const url of item.goods_image.split(",")) {
        const sizes = await Promise.all(
          [url, url.replace(/\.jpg$/, "_mid.jpg"), url.replace(/\.jpg$/, "_small.jpg")].map(async (sized) => (await sharp(fileOf(sized)).metadata()).width),
        );
        expect(sizes).toEqual([800, 360, 160]);
      }
    }
    const category = await db().selectFrom("goods_category").select("image").where("level", "=", 3).executeTakeFirstOrThrow();
    expect(fs.existsSync(fileOf(category.image))).toBe(true);
  });

  it("creates the demo member and staff accounts with working passwords", async () => {
    const member = await db().selectFrom("member").selectAll().where("username", "=", "demo").executeTakeFirstOrThrow();
    expect(member).toMatchObject({ nickname: "演示会员", mobile: "13800138000", status: 1 });
    expect(member.point).toBeGreaterThan(0);
    expect(await verifyPassword("demo123456", member.password)).toBe(true);
    // Registered at the default level, its seeded orders and sign-ins (growth) bring it to 白银会员 on
    // the way to 黄金会员 (members.ts): the highest level its growth reached, recorded as reached.
    const levels = await db().selectFrom("member_level").select(["level_id", "level_name", "growth", "is_default"]).orderBy("growth").execute();
    const reached = levels.filter((level) => level.growth <= member.growth);
    expect(reached.map((level) => level.level_name)).toEqual(["普通会员", "白银会员"]);
    expect(reached[0]!.is_default).toBe(1);
    expect(member.member_level).toBe(reached.at(-1)!.level_id);
    const records = await db().selectFrom("member_level_record").select("level_name").where("member_id", "=", member.member_id).execute();
    expect(records.map((record) => record.level_name)).toEqual(["白银会员"]);
    const staff = await db().selectFrom("staff").selectAll().orderBy("staff_id").execute();
    expect(staff.map((person) => [person.username, person.role])).toEqual([["admin", "admin"], ["kefu01", "servicer"]]);
    expect(await verifyPassword("admin123456", staff[0]!.password)).toBe(true);
    expect(await verifyPassword("kefu123456", staff[1]!.password)).toBe(true);
  });

  it("leaves auto-increment keys past the seeded ids", async () => {
    const inserted = await db()
      .insertInto("member")
      .values({ username: "after_seed", nickname: "新会员", mobile: null, email: "", password: "", headimg: "", member_level: 1, point: 0, balance_cents: 0, balance_money_cents: 0, growth: 0, realname: "", sex: 0, birthday: "", status: 1, reg_time: 0, last_login_time: 0, last_login_ip: "" })
      .returning("member_id")
      .executeTakeFirstOrThrow();
    expect(inserted.member_id).toBeGreaterThan(1);
    const helpClass = await db().insertInto("help_class").values({ class_name: "测试", sort: 99 }).returning("class_id").executeTakeFirstOrThrow();
    expect(helpClass.class_id).toBeGreaterThan(4);
  });
});
