import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderStatusCounts, Page, StaffOrderDetail, StaffOrderListItem } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import ExcelJS from "exceljs";
import { download } from "../goods/admin-import-testing.ts";
import { createTestOrder, insertExpressCompany, loginTestStaff, payTestOrder, type TestOrder } from "./test-fixtures.ts";

/** A workbook's first sheet: its name and each row keyed by its header. */
async function readWorkbook(bytes: Buffer): Promise<{ sheets: string[]; rows: Array<Record<string, string>> }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ""));
  const rows: Array<Record<string, string>> = [];
  sheet.eachRow((row, line) => {
    if (line > 1) rows.push(Object.fromEntries(header.map((key, index) => [key, String((row.values as unknown[])[index] ?? "")]).filter(([key]) => key)));
  });
  return { sheets: workbook.worksheets.map((each) => each.name), rows };
}

/** The console's order calls (admin-order.ts): list filters and orders, tab counts, remark, receiver edit, Excel exports. */
describe("console order calls", () => {
  let t: TestApp;
  let member: TestMember;
  let admin: string;
  let servicer: string;
  let cupSku: number;
  let teaSku: number;
  let sf: number;
  // Goods names unique to this run: the filters below select only this file's orders.
  const tag = `订单后台${process.pid}`;
  let unpaid: TestOrder;
  let paidCup: TestOrder;
  let paidTea: TestOrder;

  const db = () => t.app.deps.db;
  const staffCall = <T>(path: string, body: object, token = admin) => t.call<T>(path, body, { token });
  const listNos = async (filter: object) => {
    const page = await staffCall<Page<StaffOrderListItem>>("/shopapi/order/lists", { order_name: tag, page_size: 100, ...filter });
    expect(page.code).toBe(0);
    return page.data.list.map((order) => order.order_no);
  };
  const lineIds = async (target: TestOrder) =>
    (await db().selectFrom("order_goods").select("order_goods_id").where("order_id", "=", target.orderId).execute()).map((row) => row.order_goods_id);

  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
    admin = await loginTestStaff(t, "admin");
    servicer = await loginTestStaff(t, "servicer");
    cupSku = (await insertGoods(db(), `${tag}青花瓷茶杯`, { goods: { price_cents: 2550, goods_stock: 200 } })).skuIds[0]!;
    teaSku = (await insertGoods(db(), `${tag}西湖龙井`, { goods: { price_cents: 19900, goods_stock: 200 } })).skuIds[0]!;
    sf = await insertExpressCompany(db(), "顺丰速运", "SF");
    const create = (skuId: number) => createTestOrder(db(), { memberId: member.member_id, lines: [{ skuId, num: 1 }] });
    unpaid = await create(cupSku);
    paidCup = await create(cupSku);
    paidTea = await create(teaSku);
    await payTestOrder(db(), paidCup);
    await payTestOrder(db(), paidTea);
    // What checkout would have written for these: another receiver, a method, a promotion, an older order.
    await db().updateTable("orders").set({ mobile: "13911112222", pay_type: "alipay", order_name: `${tag}西湖龙井`, create_time: 1_700_000_000 }).where("order_id", "=", paidTea.orderId).execute();
    await db().updateTable("orders").set({ pay_type: "balance", promotion_type: "seckill", order_name: `${tag}青花瓷茶杯` }).where("order_id", "=", paidCup.orderId).execute();
    await db().updateTable("orders").set({ order_name: `${tag}青花瓷茶杯` }).where("order_id", "=", unpaid.orderId).execute();
  });
  afterAll(() => t?.close());

  it("filters by status, receiver mobile, goods name, pay type, promotion, time and buyer", async () => {
    expect(await listNos({})).toHaveLength(3);
    expect(await listNos({ order_status: 1 })).toEqual(expect.arrayContaining([paidCup.orderNo, paidTea.orderNo]));
    expect(await listNos({ order_status: 1 })).toHaveLength(2);
    expect(await listNos({ order_status: 0 })).toEqual([unpaid.orderNo]);
    expect(await listNos({ mobile: "13911112222" })).toEqual([paidTea.orderNo]);
    expect(await listNos({ order_name: `${tag}西湖` })).toEqual([paidTea.orderNo]);
    expect(await listNos({ pay_type: "balance" })).toEqual([paidCup.orderNo]);
    expect(await listNos({ promotion_type: "seckill" })).toEqual([paidCup.orderNo]);
    expect(await listNos({ promotion_type: "empty" })).toHaveLength(2);
    expect(await listNos({ end_time: 1_700_000_100 })).toEqual([paidTea.orderNo]);
    expect(await listNos({ start_time: 1_700_000_100 })).toHaveLength(2);
    expect(await listNos({ order_no: paidCup.orderNo })).toEqual([paidCup.orderNo]);
    expect(await listNos({ order_no: paidCup.orderNo.slice(0, -1) })).toContain(paidCup.orderNo);
    expect(await listNos({ order_no: paidCup.orderNo.slice(2) })).toEqual([]);
    expect(await listNos({ member: String(member.member_id) })).toHaveLength(3);
    expect(await listNos({ member: "没有这个人" })).toEqual([]);
    expect(await listNos({ order_type: 4 })).toEqual([]);
  });

  it("sorts by the chosen column both ways, and pages without overlap", async () => {
    expect((await listNos({ order: "create_time", sort: "asc" }))[0]).toBe(paidTea.orderNo);
    expect((await listNos({ order: "order_money", sort: "desc" }))[0]).toBe(paidTea.orderNo);
    const first = await staffCall<Page<StaffOrderListItem>>("/shopapi/order/lists", { order_name: tag, page_size: 2, page: 1 });
    const second = await staffCall<Page<StaffOrderListItem>>("/shopapi/order/lists", { order_name: tag, page_size: 2, page: 2 });
    expect(first.data).toMatchObject({ count: 3, page_count: 2 });
    expect(new Set([...first.data.list, ...second.data.list].map((order) => order.order_id)).size).toBe(3);
    expect(await staffCall("/shopapi/order/lists", { order: "goods_name" })).toMatchObject({ code: -10006 });
    expect(await staffCall("/shopapi/order/lists", { promotion_type: "pintuan" })).toMatchObject({ code: -10006 });
  });

  it("counts each status tab under the other filters", async () => {
    const counts = await staffCall<OrderStatusCounts>("/shopapi/order/statuscount", { order_name: tag, order_status: 1 });
    expect(counts.data).toEqual({ all: 3, "0": 1, "1": 2 });
    const byMobile = await staffCall<OrderStatusCounts>("/shopapi/order/statuscount", { order_name: tag, mobile: "13911112222" });
    expect(byMobile.data).toEqual({ all: 1, "1": 1 });
  });

  it("keeps the shop's remark, logged on the order and in the staff log; a servicer may not write it", async () => {
    expect(await staffCall("/shopapi/order/orderremark", { order_id: paidCup.orderId, remark: "加急，周五前发" }, servicer)).toMatchObject({ code: -1, message: "没有执行此操作的权限" });
    expect((await staffCall("/shopapi/order/orderremark", { order_id: paidCup.orderId, remark: "加急，周五前发" })).code).toBe(0);
    expect((await staffCall("/shopapi/order/orderremark", { order_id: paidCup.orderId, remark: "已和买家确认地址" })).code).toBe(0);
    const detail = await staffCall<StaffOrderDetail>("/shopapi/order/detail", { order_id: paidCup.orderId });
    expect(detail.data.remark).toBe("已和买家确认地址");
    expect(detail.data.order_log.at(-1)).toMatchObject({ action: "remark", remark: "商家备注了订单，备注内容：已和买家确认地址" });
    const logs = await db().selectFrom("staff_log").select(["action", "detail"]).where("target_id", "=", String(paidCup.orderId)).where("action", "=", "order.remark").orderBy("id").execute();
    expect(logs.map((log) => JSON.parse(log.detail))).toEqual([{ before: "", after: "加急，周五前发" }, { before: "加急，周五前发", after: "已和买家确认地址" }]);
    expect(await staffCall("/shopapi/order/orderremark", { order_id: 999_999_999, remark: "x" })).toMatchObject({ code: -1, message: "订单不存在" });
    expect(await staffCall("/shopapi/order/orderremark", { order_id: paidCup.orderId, remark: "长".repeat(201) })).toMatchObject({ code: -10006 });
  });

  it("edits the receiver before shipping, and refuses it once a package left or for a bad region", async () => {
    const receiver = { name: "李雷", mobile: "13912345678", telephone: "", province_id: 440000, city_id: 440300, district_id: 440305, address: "科技园路 1 号" };
    expect((await staffCall("/shopapi/order/editaddress", { order_id: paidTea.orderId, ...receiver })).code).toBe(0);
    const edited = await db().selectFrom("orders").select(["name", "mobile", "full_address", "address"]).where("order_id", "=", paidTea.orderId).executeTakeFirstOrThrow();
    expect(edited).toEqual({ name: "李雷", mobile: "13912345678", full_address: "广东省 深圳市 南山区", address: "科技园路 1 号" });
    expect(await staffCall("/shopapi/order/editaddress", { order_id: paidTea.orderId, ...receiver, district_id: 110101 })).toMatchObject({ code: -10006 });
    expect(await staffCall("/shopapi/order/editaddress", { order_id: paidTea.orderId, ...receiver, mobile: "123" })).toMatchObject({ code: -10006 });

    const shipped = await staffCall("/shopapi/order/delivery", { order_id: paidTea.orderId, packages: [{ express_company_id: sf, delivery_no: "SF100", order_goods_ids: await lineIds(paidTea) }] });
    expect(shipped.code).toBe(0);
    expect(await staffCall("/shopapi/order/editaddress", { order_id: paidTea.orderId, ...receiver, name: "韩梅梅" })).toMatchObject({ code: -1, message: "订单当前状态为「已发货」，不能修改收货地址" });
    const after = await db().selectFrom("orders").select("name").where("order_id", "=", paidTea.orderId).executeTakeFirstOrThrow();
    expect(after.name).toBe("李雷");
    expect(await db().selectFrom("staff_log").select("action").where("target_id", "=", String(paidTea.orderId)).where("action", "=", "order.edit_address").execute()).toHaveLength(1);
  });

  it("exports the selected orders, one row per order or per line, as .xlsx", async () => {
    const orders = await download(t, "/shopapi/order/exportorder", { order_name: tag }, admin);
    expect(orders.status).toBe(200);
    expect(orders.disposition).toContain("filename*=UTF-8''%E8%AE%A2%E5%8D%95%E5%AF%BC%E5%87%BA");
    const sheet = await readWorkbook(orders.bytes);
    expect(sheet.sheets).toEqual(["订单"]);
    expect(sheet.rows.map((row) => row["订单编号"]).sort()).toEqual([unpaid.orderNo, paidCup.orderNo, paidTea.orderNo].sort());
    const waiting = await readWorkbook((await download(t, "/shopapi/order/exportorder", { order_name: tag, order_status: 1 }, admin)).bytes);
    expect(waiting.rows.map((row) => row["订单编号"])).toEqual([paidCup.orderNo]);
    const cup = sheet.rows.find((row) => row["订单编号"] === paidCup.orderNo)!;
    expect(cup).toMatchObject({ 订单状态: "待发货", 支付方式: "余额支付", 营销活动: "秒杀", 实付金额: "25.5", 卖家备注: "已和买家确认地址", 收货地址: "北京市 市辖区 东城区 长安街 1 号" });

    const lines = await readWorkbook((await download(t, "/shopapi/order/exportordergoods", { order_name: tag }, admin)).bytes);
    expect(lines.sheets).toEqual(["订单商品"]);
    expect(lines.rows).toHaveLength(3);
    expect(lines.rows.find((row) => row["订单编号"] === paidTea.orderNo)).toMatchObject({ 商品名称: `${tag}西湖龙井`, 数量: "1", 单价: "199", 发货状态: "已发货" });

    expect((await readWorkbook((await download(t, "/shopapi/order/exportorder", { order_name: "没有这种商品" }, admin)).bytes)).rows).toEqual([]);
    expect((await download(t, "/shopapi/order/exportorder", { order_status: 99 }, admin)).envelope).toMatchObject({ code: -10006 });
    expect((await download(t, "/shopapi/order/exportorder", {}, "not-a-token")).envelope?.code).toBe(-10009);
  });

  it("核销台 shows what a code belongs to before it is used, and that it was used after", async () => {
    const code = `V${process.pid}${Date.now() % 100000}`;
    const pickup = await createTestOrder(db(), { memberId: member.member_id, lines: [{ skuId: cupSku, num: 2 }], orderType: 2, verifyCode: code });
    await payTestOrder(db(), pickup);
    const before = await staffCall("/shopapi/order/verifyinfo", { verify_code: code });
    expect(before.data).toMatchObject({ order_id: pickup.orderId, order_status: 2, order_status_name: "待提货", verifiable: true, goods_list: [{ num: 2 }] });
    expect(await staffCall("/shopapi/order/verifyinfo", { verify_code: code }, servicer)).toMatchObject({ code: -1, message: "没有执行此操作的权限" });
    expect((await staffCall("/shopapi/order/verify", { verify_code: code })).code).toBe(0);
    expect((await staffCall("/shopapi/order/verifyinfo", { verify_code: code })).data).toMatchObject({ verifiable: false, order_status: 4 });
    expect(await staffCall("/shopapi/order/verifyinfo", { verify_code: "NOPE" })).toMatchObject({ code: -1, message: "核销码不存在" });
    expect(await staffCall("/shopapi/order/verifyinfo", { verify_code: " " })).toMatchObject({ code: -10006 });
  });
});
