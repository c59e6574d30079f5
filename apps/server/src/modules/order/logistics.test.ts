import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderPackage, PackageTrace, StaffOrderDetail } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { orderPackages, type LogisticsProvider, type ShippedPackageRef } from "./logistics.ts";
import { createTestOrder, insertExpressCompany, loginTestStaff, payTestOrder, type TestOrder } from "./test-fixtures.ts";

/** Package traces: the built-in provider shows each package its own trace; a carrier's provider is asked by company and number. */
describe(`package traces (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  let sf: number;
  let cupSku: number;

  const db = () => t.app.deps.db;
  const shippedOrder = async (owner: TestMember, deliveryNo: string, trace: Array<{ time: number; remark: string }> = []): Promise<TestOrder> => {
    const order = await createTestOrder(db(), { memberId: owner.member_id, lines: [{ skuId: cupSku, num: 1 }] });
    await payTestOrder(db(), order);
    const lines = await db().selectFrom("order_goods").select("order_goods_id").where("order_id", "=", order.orderId).execute();
    const shipped = await t.call("/shopapi/order/delivery", {
      order_id: order.orderId,
      packages: [{ express_company_id: sf, delivery_no: deliveryNo, order_goods_ids: lines.map((line) => line.order_goods_id), trace }],
    }, { token: admin });
    expect(shipped.code, shipped.message).toBe(0);
    return order;
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await loginTestStaff(t, "admin");
    sf = await insertExpressCompany(db(), "顺丰速运", "SF");
    cupSku = (await insertGoods(db(), "物流茶杯", { goods: { price_cents: 1000, goods_stock: 100 } })).skuIds[0]!;
  });
  afterAll(() => t.close());

  it("a tracking number reused on another member's order shows each member only their own package's trace", async () => {
    const [alice, bob] = [await registerMember(t), await registerMember(t)];
    const reused = `SF-REUSED-${Date.now()}`;
    await shippedOrder(alice, reused, [{ time: 1_800_000_000, remark: "爱丽丝的包裹已揽件，北京朝阳区某小区" }]);
    const bobsOrder = await shippedOrder(bob, reused);

    const bobsPackages = (await t.call<OrderPackage[]>("/api/order/package", { order_id: bobsOrder.orderId }, { token: bob.token })).data;
    expect(bobsPackages).toHaveLength(1);
    expect(bobsPackages[0]!.trace.list.map((entry) => entry.remark)).toEqual([`商家已发货，顺丰速运，运单号 ${reused}`]);
    const staffView = (await t.call<StaffOrderDetail>("/shopapi/order/detail", { order_id: bobsOrder.orderId }, { token: admin })).data;
    expect(staffView.package_list[0]!.trace.list.map((entry) => entry.remark)).toEqual([`商家已发货，顺丰速运，运单号 ${reused}`]);
  });

  it("a carrier's provider is asked with the company, the tracking number and our package id; its failure is a reason, not an error", async () => {
    const owner = await registerMember(t);
    const order = await shippedOrder(owner, "SF-ASKED-1");
    const asked: ShippedPackageRef[] = [];
    const carrier: LogisticsProvider = {
      async trace(pkg): Promise<PackageTrace> {
        asked.push(pkg);
        return { success: true, reason: "", list: [{ time: 1_800_000_100, remark: "运输中" }] };
      },
    };
    const packages = await orderPackages(db(), carrier, order.orderId);
    expect(asked).toEqual([{ package_id: packages[0]!.package_id, company: { company_id: sf, company_name: "顺丰速运" }, delivery_no: "SF-ASKED-1" }]);
    expect(packages[0]!.trace.list).toEqual([{ time: 1_800_000_100, remark: "运输中" }]);

    const down: LogisticsProvider = { trace: () => Promise.reject(new Error("carrier timeout")) };
    expect((await orderPackages(db(), down, order.orderId))[0]!.trace).toEqual({ success: false, reason: "物流信息查询失败，请稍后再试", list: [] });
  });
});
