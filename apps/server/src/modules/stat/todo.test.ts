import { describe, expect, it } from "vitest";
import type { StatTodo } from "@shop/contract";
import { usingPostgres } from "../../test/harness.ts";
import { now } from "../../core/time.ts";
import { paidOrder, refundSuite } from "../refund/test-fixtures.ts";

/** The dashboard's to-do counts: each rises by what the shop now has to do, and only by that. */
describe(`stat: to-do counts (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  const suite = refundSuite("stat-todo", { cup: ["待办茶杯", 3000], vase: ["待办花瓶", 5000] });
  const { db, call, staff } = suite;
  const todo = () => staff<StatTodo>("/shopapi/index/todo", {});

  it("counts orders to ship, refunds awaiting the shop, evaluations and withdrawals to review, stock alarms and unread chats", async () => {
    const before = await todo();
    const memberId = suite.member.member_id;

    // two paid orders wait for shipping; one line of the second asks for a refund
    await paidOrder(db(), { memberId, lines: [{ skuId: suite.skus.cup, num: 1 }] });
    const second = await paidOrder(db(), { memberId, lines: [{ skuId: suite.skus.cup, num: 1 }] });
    await call("/api/orderrefund/refund", { order_goods_id: second.lineIds[0], refund_type: 1, refund_reason: "协商一致退款" });

    const at = now();
    const evaluation = {
      order_id: second.orderId, order_no: second.orderNo, goods_id: 0, sku_id: suite.skus.cup, sku_name: "待办茶杯", sku_price_cents: 3000, sku_image: "",
      content: "好", images: "", scores: 5, explain_type: 1, explain_first: "", member_id: memberId, member_name: "m", member_headimg: "", is_anonymous: 0,
      again_content: "", again_images: "", again_explain: "", again_time: 0, is_show: 1, create_time: at,
    };
    await db().insertInto("goods_evaluate").values([
      { ...evaluation, order_goods_id: second.lineIds[0]!, is_audit: 0 },
      { ...evaluation, order_goods_id: second.lineIds[0]! + 100_000, is_audit: 1 },
    ]).execute();

    const withdrawal = {
      member_id: memberId, transfer_type: "bank", transfer_type_name: "银行卡", realname: "张三", mobile: "13800138000", bank_name: "工商银行",
      account_number: "6222000000000000", apply_money_cents: 10000, rate_basis_points: 0, service_money_cents: 0, money_cents: 10000, apply_time: at,
      audit_time: 0, payment_time: 0, fail_time: 0, refuse_reason: "", fail_reason: "", certificate_remark: "", update_time: at,
    };
    await db().insertInto("member_withdraw").values([{ ...withdrawal, withdraw_no: `W${at}a`, status: 0 }, { ...withdrawal, withdraw_no: `W${at}b`, status: 2 }]).execute();

    // the vase's SKU reaches its alarm; the cup's alarm is below its stock
    await db().updateTable("goods_sku").set((eb) => ({ stock_alarm: eb.ref("stock") })).where("sku_id", "=", suite.skus.vase).execute();
    await db().updateTable("goods_sku").set({ stock_alarm: 1 }).where("sku_id", "=", suite.skus.cup).execute();

    const session = { servicer_id: 0, status: 1, member_unread: 0, last_message: "在吗", last_time: at, create_time: at, update_time: at };
    await db().insertInto("chat_session").values([
      { ...session, member_id: memberId, servicer_unread: 2 },
      { ...session, member_id: memberId + 100_000, servicer_unread: 0 },
    ]).execute();

    const after = await todo();
    expect(after).toEqual({
      waitsend_count: before.waitsend_count + 2,
      refund_count: before.refund_count + 1,
      evaluate_count: before.evaluate_count + 1,
      withdraw_count: before.withdraw_count + 1,
      stock_alarm_count: before.stock_alarm_count + 1,
      chat_unread_count: before.chat_unread_count + 1,
    });

    // the shop answers the refund and puts the vase in the recycle bin: those leave the list
    await staff("/shopapi/orderrefund/agree", { order_goods_id: second.lineIds[0] });
    expect((await todo()).refund_count).toBe(before.refund_count + 1);
    await staff("/shopapi/orderrefund/transfer", { order_goods_id: second.lineIds[0] });
    const vase = await db().selectFrom("goods_sku").select("goods_id").where("sku_id", "=", suite.skus.vase).executeTakeFirstOrThrow();
    await db().updateTable("goods").set({ is_delete: 1 }).where("goods_id", "=", vase.goods_id).execute();
    expect(await todo()).toMatchObject({ refund_count: before.refund_count, stock_alarm_count: before.stock_alarm_count });
  });
});
