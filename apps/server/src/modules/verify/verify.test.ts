import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderDetail, Page, VerifyCodeInfo, VerifyOutcome, VerifyRecord } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { loginTestStaff } from "../order/test-fixtures.ts";
import { OrderStatus, OrderType } from "../order/state-machine.ts";
import { codeOrder, grantVerifier } from "./test-fixtures.ts";

/** Member verifiers looking codes up and using them, their records, and the buyer's order afterwards. */
describe(`verification by verifiers (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  let buyer: TestMember;
  let verifier: TestMember;
  let otherVerifier: TestMember;
  let stranger: TestMember;
  let lipstickSku: number;
  let voucherGoods: number;
  let voucherSku: number;

  const db = () => t.app.deps.db;
  const as = <T>(member: TestMember, path: string, body: object = {}) => t.call<T>(path, body, { token: member.token });
  const orderDetail = async (orderId: number) => (await as<OrderDetail>(buyer, "/api/order/detail", { order_id: orderId })).data;
  const statusOf = async (orderId: number) =>
    (await db().selectFrom("orders").select("order_status").where("order_id", "=", orderId).executeTakeFirstOrThrow()).order_status;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await loginTestStaff(t, "admin");
    [buyer, verifier, otherVerifier, stranger] = [await registerMember(t), await registerMember(t), await registerMember(t), await registerMember(t)];
    await db().updateTable("member").set({ nickname: "李小娜", mobile: "13912345678" }).where("member_id", "=", buyer.member_id).execute();
    lipstickSku = (await insertGoods(db(), "丝绒口红", { goods: { price_cents: 12900, goods_stock: 100 } })).skuIds[0]!;
    const voucher = await insertGoods(db(), "咖啡兑换券", { goods: { price_cents: 3000, goods_stock: 100, goods_class: 2, virtual_indate: 3 } });
    voucherGoods = voucher.goodsId;
    voucherSku = voucher.skuIds[0]!;
    await grantVerifier(t, admin, verifier.member_id, "门店小王");
    await grantVerifier(t, admin, otherVerifier.member_id, "门店小李");
  });
  afterAll(() => t.close());

  it("answers only verifiers: others get -1 您不是核销员 on every verifier call, guests a token error", async () => {
    const order = await codeOrder(t, buyer.member_id, lipstickSku);
    for (const [path, body] of [
      ["/api/verify/checkisverifier", {}], ["/api/verify/verifyInfo", { verify_code: order.code }], ["/api/verify/verify", { verify_code: order.code }],
      ["/api/verify/lists", {}], ["/api/verify/detail", { id: 1 }],
    ] as const) {
      expect(await as(stranger, path, body), path).toMatchObject({ code: Code.ERROR, message: "您不是核销员" });
      expect((await t.call(path, body)).code, path).toBe(Code.TOKEN_ERROR);
    }
    expect(await statusOf(order.orderId)).toBe(OrderStatus.WAIT_PICKUP);
    expect(await as(verifier, "/api/verify/checkisverifier")).toMatchObject({ code: 0, data: { verifier_name: "门店小王" } });
    // the kinds of code are public, as in the reference
    expect((await t.call("/api/verify/getVerifyType")).data).toEqual({ pickup: { name: "订单自提" }, virtualgoods: { name: "虚拟商品" } });
  });

  it("verifyInfo shows what a pickup code is for without using it: goods, masked buyer, store", async () => {
    const order = await codeOrder(t, buyer.member_id, lipstickSku, { num: 2 });
    await db()
      .updateTable("orders")
      .set({ name: "李小娜", mobile: "13912345678", delivery_store_id: 3, delivery_store_name: "静安寺店", delivery_store_info: JSON.stringify({ full_address: "上海市静安区南京西路 1 号" }), buyer_ask_delivery_time: "2030-01-02 15:00" })
      .where("order_id", "=", order.orderId)
      .execute();
    const info = await as<VerifyCodeInfo>(verifier, "/api/verify/verifyInfo", { verify_code: ` ${order.code.slice(0, 6)} ${order.code.slice(6)} ` });
    expect(info.code, info.message).toBe(0);
    expect(info.data).toMatchObject({
      verify_code: order.code, verify_type: "pickup", verify_type_name: "订单自提", order_id: order.orderId, order_status: OrderStatus.WAIT_PICKUP,
      order_status_name: "待提货", buyer_name: "李***娜", buyer_mobile: "139****5678", store_name: "静安寺店", store_address: "上海市静安区南京西路 1 号",
      pickup_time: "2030-01-02 15:00", expire_time: 0, verify_status: 0, verify_status_name: "待提货", is_verify: 0, verifier_name: "", verify_time: 0,
      item_array: [{ name: "丝绒口红", price: "129.00", num: 2, img: "" }],
    });
    expect(info.data.remark_array).toEqual(expect.arrayContaining([{ title: "提货门店", value: "静安寺店" }, { title: "联系人", value: "李***娜 139****5678" }]));
    expect(JSON.stringify(info.data)).not.toContain("13912345678");
    expect(await statusOf(order.orderId)).toBe(OrderStatus.WAIT_PICKUP);
  });

  it("verify uses a pickup code once: the order is 已提货, a record keeps the goods, the buyer sees the code used", async () => {
    const order = await codeOrder(t, buyer.member_id, lipstickSku);
    const used = await as<VerifyOutcome>(verifier, "/api/verify/verify", { verify_code: order.code });
    expect(used).toMatchObject({ code: 0, message: "核销成功", data: { order_id: order.orderId, order_status: OrderStatus.RECEIVED, order_status_name: "已提货" } });
    expect(await as(verifier, "/api/verify/verify", { verify_code: order.code })).toMatchObject({ code: Code.ERROR, message: "核销码已使用" });
    expect(await as(otherVerifier, "/api/verify/verify", { verify_code: order.code })).toMatchObject({ code: Code.ERROR, message: "核销码已使用" });

    const record = await db().selectFrom("verify_record").selectAll().where("order_id", "=", order.orderId).execute();
    expect(record).toHaveLength(1);
    expect(record[0]).toMatchObject({ id: used.data.id, verify_code: order.code, verify_type: "pickup", verifier_type: "member", verifier_member_id: verifier.member_id, verifier_name: "门店小王", buyer_member_id: buyer.member_id });
    expect(JSON.parse(record[0]!.verify_content_json).item_array).toEqual([{ img: "", name: "丝绒口红", price: "129.00", num: 1 }]);

    const detail = await orderDetail(order.orderId);
    expect(detail).toMatchObject({ order_status: OrderStatus.RECEIVED, order_status_name: "已提货", verify_code: order.code, verify_status: 1, verify_status_name: "已提货", verify_time: used.data.verify_time });
    // the buyer's timeline names the shop, not the verifier
    expect(detail.order_log.at(-1)).toMatchObject({ action: "verify", actor_name: "商家" });

    const info = await as<VerifyCodeInfo>(otherVerifier, "/api/verify/verifyInfo", { verify_code: order.code });
    expect(info.data).toMatchObject({ is_verify: 1, verify_status: 1, verify_status_name: "已提货", verifier_name: "门店小王", verify_time: used.data.verify_time });
  });

  it("says why a code cannot be used: wrong, unpaid, closed, refund in progress, and refuses bad input", async () => {
    expect(await as(verifier, "/api/verify/verify", { verify_code: "000000000000" })).toMatchObject({ code: Code.ERROR, message: "核销码无效" });
    expect(await as(verifier, "/api/verify/verifyInfo", { verify_code: "000000000000" })).toMatchObject({ code: Code.ERROR, message: "核销码无效" });

    const unpaid = await codeOrder(t, buyer.member_id, lipstickSku, { paid: false });
    expect(await as(verifier, "/api/verify/verify", { verify_code: unpaid.code })).toMatchObject({ code: Code.ERROR, message: "订单尚未支付，不能核销" });
    expect(await as(verifier, "/api/verify/verifyInfo", { verify_code: unpaid.code })).toMatchObject({ code: Code.ERROR, message: "订单尚未支付，不能核销" });
    expect(await as(buyer, "/api/order/close", { order_id: unpaid.orderId })).toMatchObject({ code: 0 });
    expect(await as(verifier, "/api/verify/verify", { verify_code: unpaid.code })).toMatchObject({ code: Code.ERROR, message: "订单已关闭，核销码已失效" });

    const refunding = await codeOrder(t, buyer.member_id, lipstickSku);
    await db().updateTable("order_goods").set({ refund_status: 1 }).where("order_id", "=", refunding.orderId).execute();
    expect(await as(verifier, "/api/verify/verify", { verify_code: refunding.code })).toMatchObject({ code: Code.ERROR, message: "订单有退款正在处理，暂不能核销" });
    await db().updateTable("order_goods").set({ refund_status: 3 }).where("order_id", "=", refunding.orderId).execute();
    expect(await as(verifier, "/api/verify/verify", { verify_code: refunding.code })).toMatchObject({ code: Code.ERROR, message: "订单商品已全部退款，不能核销" });
    expect(await statusOf(refunding.orderId)).toBe(OrderStatus.WAIT_PICKUP);

    // an express order's code field is "": no code reaches it
    expect(await as(verifier, "/api/verify/verify", { verify_code: "" })).toMatchObject({ code: Code.PARAM });
    for (const body of [{}, { verify_code: "   " }, { verify_code: "1".repeat(33) }, { verify_code: ["1"] }, { verify_code: null }]) {
      expect((await as(verifier, "/api/verify/verify", body)).code, JSON.stringify(body)).toBe(Code.PARAM);
      expect((await as(verifier, "/api/verify/verifyInfo", body)).code, JSON.stringify(body)).toBe(Code.PARAM);
    }
    for (const body of [{ verify_type: "express" }, { page: 0 }, { page_size: 1000 }]) {
      expect((await as(verifier, "/api/verify/lists", body)).code, JSON.stringify(body)).toBe(Code.PARAM);
    }
    for (const body of [{}, { id: 0 }, { id: "x" }, { id: 2 ** 40 }]) expect((await as(verifier, "/api/verify/detail", body)).code).toBe(Code.PARAM);
    expect(await db().selectFrom("verify_record").select("id").where("order_id", "in", [unpaid.orderId, refunding.orderId]).execute()).toEqual([]);
  });

  it("virtual codes: the order shows the expiry (payment + the goods' validity days) and an expired code is refused", async () => {
    const order = await codeOrder(t, buyer.member_id, voucherSku, { orderType: OrderType.VIRTUAL });
    const { pay_time: paidAt } = await db().selectFrom("orders").select("pay_time").where("order_id", "=", order.orderId).executeTakeFirstOrThrow();
    expect(await orderDetail(order.orderId)).toMatchObject({ order_status_name: "待使用", verify_status: 0, verify_status_name: "待使用", verify_expire_time: paidAt + 3 * 86400 });

    // paid four days ago: three days of validity are over
    await db().updateTable("orders").set({ pay_time: paidAt - 4 * 86400 }).where("order_id", "=", order.orderId).execute();
    expect(await orderDetail(order.orderId)).toMatchObject({ verify_status: 2, verify_status_name: "已过期", verify_expire_time: paidAt - 86400 });
    expect((await as<VerifyCodeInfo>(verifier, "/api/verify/verifyInfo", { verify_code: order.code })).data).toMatchObject({ verify_type: "virtualgoods", verify_status: 2, verify_status_name: "已过期", expire_time: paidAt - 86400 });
    expect(await as(verifier, "/api/verify/verify", { verify_code: order.code })).toMatchObject({ code: Code.ERROR, message: "核销码已过期" });
    expect(await statusOf(order.orderId)).toBe(OrderStatus.WAIT_USE);

    // staff give the goods unlimited validity (0): the same code is good again, and used once
    expect(await t.call("/shopapi/goods/editvirtualindate", { goods_id: voucherGoods, virtual_indate: 0 }, { token: admin })).toMatchObject({ code: 0, data: { goods_id: voucherGoods } });
    expect(await orderDetail(order.orderId)).toMatchObject({ verify_status: 0, verify_expire_time: 0 });
    const used = await as<VerifyOutcome>(verifier, "/api/verify/verify", { verify_code: order.code });
    expect(used.data).toMatchObject({ order_status: OrderStatus.USED, order_status_name: "已使用" });
    expect(await orderDetail(order.orderId)).toMatchObject({ order_status_name: "已使用", verify_status: 1, verify_status_name: "已使用" });
    const record = await as<VerifyRecord>(verifier, "/api/verify/detail", { id: used.data.id });
    expect(record.data).toMatchObject({ verify_type: "virtualgoods", verify_type_name: "虚拟商品", expire_time: 0 });
    expect(record.data.remark_array).toContainEqual({ title: "有效期", value: "长期有效" });
    await t.call("/shopapi/goods/editvirtualindate", { goods_id: voucherGoods, virtual_indate: 3 }, { token: admin });
  });

  it("lists a verifier's own records by kind and page; another verifier's record answers as missing", async () => {
    const fresh = await registerMember(t);
    await grantVerifier(t, admin, fresh.member_id, "新核销员");
    const made: number[] = [];
    for (const orderType of [OrderType.PICKUP, OrderType.VIRTUAL, OrderType.PICKUP]) {
      const order = await codeOrder(t, buyer.member_id, orderType === OrderType.PICKUP ? lipstickSku : voucherSku, { orderType });
      made.push((await as<VerifyOutcome>(fresh, "/api/verify/verify", { verify_code: order.code })).data.id);
    }
    const theirs = await codeOrder(t, buyer.member_id, lipstickSku);
    const theirRecord = (await as<VerifyOutcome>(otherVerifier, "/api/verify/verify", { verify_code: theirs.code })).data.id;

    const all = await as<Page<VerifyRecord>>(fresh, "/api/verify/lists", { page: 1, page_size: 2 });
    expect(all.data).toMatchObject({ count: 3, page_count: 2 });
    expect(all.data.list.map((record) => record.id)).toEqual([made[2], made[1]]);
    const second = await as<Page<VerifyRecord>>(fresh, "/api/verify/lists", { page: 2, page_size: 2 });
    expect(second.data.list.map((record) => record.id)).toEqual([made[0]]);
    const pickups = await as<Page<VerifyRecord>>(fresh, "/api/verify/lists", { verify_type: "pickup" });
    expect(pickups.data.list.map((record) => record.id)).toEqual([made[2], made[0]]);
    const virtuals = await as<Page<VerifyRecord>>(fresh, "/api/verify/lists", { verify_type: "virtualgoods" });
    expect(virtuals.data.list.map((record) => record.id)).toEqual([made[1]]);
    expect(virtuals.data.list[0]).toMatchObject({ verifier_name: "新核销员", is_verify: 1, item_array: [{ name: "咖啡兑换券", num: 1 }] });

    expect(await as(fresh, "/api/verify/detail", { id: theirRecord })).toMatchObject({ code: Code.ERROR, message: "核销记录不存在" });
    expect(await as(fresh, "/api/verify/detail", { id: 999_999 })).toMatchObject({ code: Code.ERROR, message: "核销记录不存在" });
    expect((await as<VerifyRecord>(otherVerifier, "/api/verify/detail", { id: theirRecord })).data).toMatchObject({ order_id: theirs.orderId });
    expect((await as<Page<VerifyRecord>>(otherVerifier, "/api/verify/lists")).data.list.map((record) => record.id)).not.toContain(made[0]);
  });

  it("staff verify through the same service: a record naming the staff member, then the code is used for verifiers too", async () => {
    const order = await codeOrder(t, buyer.member_id, lipstickSku);
    expect(await t.call("/shopapi/order/verify", { verify_code: order.code }, { token: admin })).toMatchObject({ code: 0, data: { order_id: order.orderId, order_status_name: "已提货" } });
    const record = await db().selectFrom("verify_record").selectAll().where("order_id", "=", order.orderId).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ verifier_type: "staff", verifier_id: 0, verifier_member_id: 0, verifier_name: "测试管理员" });
    expect(await as(verifier, "/api/verify/verify", { verify_code: order.code })).toMatchObject({ code: Code.ERROR, message: "核销码已使用" });
    expect(await t.call("/shopapi/order/verify", { verify_code: order.code }, { token: admin })).toMatchObject({ code: Code.ERROR, message: "核销码已使用" });
    const logs = await db().selectFrom("staff_log").select(["action", "detail"]).where("target_type", "=", "order").where("target_id", "=", String(order.orderId)).execute();
    expect(logs).toEqual([{ action: "order.verify", detail: JSON.stringify({ verify_code: order.code, record_id: record.id }) }]);
  });
});
