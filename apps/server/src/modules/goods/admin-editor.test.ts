import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffGoodsInfo } from "@shop/contract/domains/goods-admin";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { staffToken } from "../staff/testing.ts";
import { registerMember } from "../auth/testing.ts";
import { createTestOrder } from "../order/test-fixtures.ts";
import { newestStaffId, seededBrand, seededCategoryPath, staffPictures, twoByTwoForm } from "./admin-testing.ts";

/** The goods editor: add, read, edit (SKUs, version check, open orders), sanitising, permissions, what guests see. */
describe("goods editor (/shopapi/goods/addgoods, editgoods, editgetgoodsinfo)", () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let servicer: string;
  let categoryPath: number[];
  let brand: { brand_id: number; brand_name: string };
  let counter = 0;

  beforeAll(async () => {
    t = await startTestApp({ seed: true, config: { dataCache: true } });
    admin = await staffToken(t, "admin");
    adminId = await newestStaffId(t);
    servicer = await staffToken(t, "servicer");
    categoryPath = await seededCategoryPath(t);
    brand = await seededBrand(t);
  });
  afterAll(() => t?.close());

  const form = async (name: string) => {
    counter += 1;
    return twoByTwoForm(name, categoryPath, brand.brand_id, await staffPictures(t, adminId, 2), `ED${process.pid}-${counter}`);
  };
  const add = async (name: string, extra: Record<string, unknown> = {}) => {
    const answer = await t.call<{ goods_id: number }>("/shopapi/goods/addgoods", { ...(await form(name)), ...extra }, { token: admin });
    expect(answer).toMatchObject({ code: 0 });
    return answer.data.goods_id;
  };
  const info = async (goodsId: number) => (await t.call<StaffGoodsInfo>("/shopapi/goods/editgetgoodsinfo", { goods_id: goodsId }, { token: admin })).data;
  const search = async (keyword: string) => (await t.call<{ list: Array<{ goods_id: number }> }>("/api/goodssku/page", { keyword })).data.list.map((item) => item.goods_id);
  const skuDetail = async (skuId: number) =>
    (await t.call<{ goods_sku_detail: { price: string; goods_name: string; goods_spec_format: string } | null }>("/api/goodssku/detail", { sku_id: skuId })).data.goods_sku_detail;
  /** The info as editgoods takes it back. */
  const editBody = (current: StaffGoodsInfo, changes: Record<string, unknown>) => ({
    goods_id: current.goods_id,
    version: current.version,
    goods_name: current.goods_name,
    category_id: current.category_id,
    brand_id: current.brand_id,
    goods_image: current.goods_image,
    goods_content: current.goods_content,
    support_trade_type: current.support_trade_type,
    is_free_shipping: current.is_free_shipping,
    goods_spec_format: current.goods_spec_format,
    goods_sku_data: current.sku_list.map((sku) => ({ ...sku, sku_spec_format: JSON.parse(sku.sku_spec_format) as unknown })),
    ...changes,
  });

  it("adds 2×2 goods: four SKUs with their specs, stored as sent, and guests find it in search, list and SKU page with spec switching", async () => {
    const goodsId = await add("编辑器测试衬衫");
    const goods = await info(goodsId);
    expect(goods).toMatchObject({ goods_name: "编辑器测试衬衫", category_id: categoryPath, brand_name: brand.brand_name, support_trade_type: "express,store", version: 0 });
    expect(goods.sku_list.map((sku) => [sku.spec_name, sku.price, sku.weight, sku.volume, sku.is_default])).toEqual([
      ["红色 S", "100.00", "0.5", "0.001", 1],
      ["红色 M", "101.00", "0.5", "0.001", 0],
      ["蓝色 S", "110.00", "0.5", "0.001", 0],
      ["蓝色 M", "111.00", "0.5", "0.001", 0],
    ]);
    expect(await search("编辑器测试衬衫")).toContain(goodsId);
    const list = await t.call<{ list: Array<{ goods_id: number }> }>("/api/goodssku/page", { category_id: categoryPath[2], page_size: 100, order: "create_time", sort: "desc" });
    expect(list.data.list.map((item) => item.goods_id)).toContain(goodsId);
    const detail = await skuDetail(goods.sku_list[0]!.sku_id);
    expect(detail?.price).toBe("100.00");
    // spec switching: 蓝色 from 红色 S reaches 蓝色 S
    const specs = JSON.parse(detail?.goods_spec_format ?? "[]") as Array<{ value: Array<{ spec_value_name: string; sku_id: number }> }>;
    expect(specs[0]!.value.map((value) => [value.spec_value_name, value.sku_id])).toEqual([["红色", goods.sku_list[0]!.sku_id], ["蓝色", goods.sku_list[2]!.sku_id]]);
    const log = await t.app.deps.db.selectFrom("staff_log").select("action").where("action", "=", "goods.add").where("target_id", "=", String(goodsId)).executeTakeFirst();
    expect(log).toBeDefined();
  });

  it("sanitises the description: no script, inline handlers, javascript: URLs or style expressions", async () => {
    const goodsId = await add("净化测试商品", {
      goods_content: `<p style="color:red;width:expression(alert(1))" onclick="x()">文字</p><script>alert(1)</script><img src="x.jpg" onerror="alert(1)"><a href="javascript:alert(1)">链接</a><a href="https://example.com" target="_blank">好</a>`,
    });
    const content = (await info(goodsId)).goods_content;
    expect(content).not.toMatch(/script|onerror|onclick|javascript:|expression/i);
    expect(content).toContain("文字");
    expect(content).toContain('href="https://example.com"');
  });

  it("edits SKUs: the open order keeps its snapshot, a SKU in an open order cannot be removed, guests see the new price", async () => {
    const goodsId = await add("快照测试商品");
    const before = await info(goodsId);
    const red = before.sku_list[0]!;
    const member = await registerMember(t);
    const order = await createTestOrder(t.app.deps.db, { memberId: member.member_id, lines: [{ skuId: red.sku_id, num: 1 }] });
    const snapshot = () => t.app.deps.db.selectFrom("order_goods").select(["sku_name", "price_cents", "goods_name", "spec_name"]).where("order_id", "=", order.orderId).executeTakeFirstOrThrow();
    const ordered = await snapshot();

    const renamed = editBody(before, { goods_name: "快照测试商品改名" });
    const skus = renamed.goods_sku_data as Array<Record<string, unknown>>;
    skus[0] = { ...skus[0], price: "88.00" };
    expect(await t.call("/shopapi/goods/editgoods", renamed, { token: admin })).toMatchObject({ code: 0, data: { version: 1 } });
    expect(await snapshot()).toEqual(ordered);
    expect((await skuDetail(red.sku_id))?.price).toBe("88.00");
    expect((await skuDetail(red.sku_id))?.goods_name).toBe("快照测试商品改名");

    const after = await info(goodsId);
    const withoutRed = editBody(after, { goods_sku_data: (editBody(after, {}).goods_sku_data as Array<{ sku_id: number }>).slice(1) });
    expect(await t.call("/shopapi/goods/editgoods", withoutRed, { token: admin })).toMatchObject({ code: -1, message: "规格「红色 S」还有未完成的订单，不能删除；可将其库存设为 0" });
    expect((await info(goodsId)).sku_list).toHaveLength(4);
  });

  it("concurrent edits: a version check — the second editor of the same version is refused, nothing of it saved", async () => {
    const goodsId = await add("并发测试商品");
    const opened = await info(goodsId);
    const first = t.call("/shopapi/goods/editgoods", editBody(opened, { goods_name: "并发甲" }), { token: admin });
    const second = t.call("/shopapi/goods/editgoods", editBody(opened, { goods_name: "并发乙" }), { token: admin });
    const answers = await Promise.all([first, second]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([-1, 0]);
    expect(answers.find((answer) => answer.code === -1)?.message).toBe("商品已被他人修改，请刷新后重新编辑");
    const saved = await info(goodsId);
    expect(saved.version).toBe(1);
    expect(["并发甲", "并发乙"]).toContain(saved.goods_name);
    expect(saved.goods_name).toBe(answers[0]!.code === 0 ? "并发甲" : "并发乙");
  });

  it("refuses bad forms with Chinese messages naming the field, saving nothing", async () => {
    const base = await form("校验商品");
    const count = async () => (await t.app.deps.db.selectFrom("goods").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n;
    const before = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ goods_name: "" }, "参数 goods_name 不能为空"],
      [{ goods_image: "" }, "参数 goods_image 至少 1 项"],
      [{ goods_sku_data: "[]" }, "参数 goods_sku_data 至少 1 项"],
      [{ goods_sku_data: JSON.stringify([{ price: "1.001", stock: 1 }]) }, "参数 goods_sku_data.0.price 格式不正确"],
      [{ support_trade_type: "express", is_free_shipping: 0 }, "请选择运费模板（shipping_template），或设为包邮"],
      [{ min_buy: 5, max_buy: 2 }, "起售数量（min_buy）不能大于限购数量（max_buy）"],
      [{ category_id: [categoryPath[2]] }, "商品分类的层级不正确"],
      [{ goods_image: "upload/goods/20261207/not-mine.jpg" }, "图片无效，请重新上传"],
      [{ goods_class: 2 }, "虚拟商品的配送方式只能是 virtual（无需物流）"],
    ];
    for (const [change, message] of cases) {
      expect(await t.call("/shopapi/goods/addgoods", { ...base, ...change }, { token: admin }), JSON.stringify(change)).toMatchObject({ message });
    }
    const skus = JSON.parse(base.goods_sku_data) as Array<Record<string, unknown>>;
    skus[1]!.sku_spec_format = skus[0]!.sku_spec_format;
    expect((await t.call("/shopapi/goods/addgoods", { ...base, goods_sku_data: JSON.stringify(skus) }, { token: admin })).message).toBe("规格组合「红色 S」重复（goods_sku_data）");
    skus[1]!.sku_spec_format = [];
    expect((await t.call("/shopapi/goods/addgoods", { ...base, goods_sku_data: JSON.stringify(skus) }, { token: admin })).message).toBe("第 2 个 SKU 缺少规格「颜色」的值（goods_sku_data）");
    const taken = await form("编码重复");
    await add("编码原主", { goods_sku_data: taken.goods_sku_data, goods_image: taken.goods_image });
    expect((await t.call("/shopapi/goods/addgoods", { ...base, goods_sku_data: taken.goods_sku_data }, { token: admin })).message).toMatch(/^SKU 编码「ED.*」已被其他商品使用（sku_no）$/);
    expect(await count()).toBe(before + 1);
  });

  it("refuses a servicer every goods editor call", async () => {
    for (const [path, body] of [
      ["/shopapi/goods/lists", {}],
      ["/shopapi/goods/addgoods", await form("客服不能加")],
      ["/shopapi/goods/editgetgoodsinfo", { goods_id: 1 }],
      ["/shopapi/goods/copygoods", { goods_id: 1 }],
      ["/shopapi/goods/deletegoods", { goods_ids: [1] }],
      ["/shopapi/goods/editskus", { sku_list: [{ sku_id: 1, stock: 1 }] }],
    ] as const) {
      expect(await t.call(path, body, { token: servicer })).toMatchObject({ code: -1, message: "没有执行此操作的权限" });
    }
  });
});
