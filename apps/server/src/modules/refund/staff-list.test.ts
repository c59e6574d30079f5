import { beforeAll, describe, expect, it } from "vitest";
import type { Page, StaffRefundListItem } from "@shop/contract";
import { usingPostgres } from "../../test/harness.ts";
import { paidOrder, refundSuite } from "./test-fixtures.ts";

/** The console's refund queue: 待处理 (todo), the goods name filter and the sort columns of /shopapi/orderrefund/lists. */
describe(`staff refund list filters (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  const suite = refundSuite("refund-staff-list", { lamp: ["队列台灯", 2000], cup: ["队列茶杯", 5000] });
  const lines: Record<"applied" | "agreed" | "refused" | "done", number> = { applied: 0, agreed: 0, refused: 0, done: 0 };
  const list = (body: object) => suite.staff<Page<StaffRefundListItem>>("/shopapi/orderrefund/lists", body);
  const ids = (page: Page<StaffRefundListItem>) => page.list.map((item) => item.order_goods_id).sort((a, b) => a - b);

  beforeAll(async () => {
    const askFor = async (sku: number) => {
      const order = await paidOrder(suite.db(), { memberId: suite.member.member_id, lines: [{ skuId: sku, num: 1 }] });
      const line = order.lineIds[0]!;
      await suite.call("/api/orderrefund/refund", { order_goods_id: line, refund_reason: "商品与描述不符" });
      return line;
    };
    lines.applied = await askFor(suite.skus.lamp);
    lines.agreed = await askFor(suite.skus.cup);
    await suite.staff("/shopapi/orderrefund/agree", { order_goods_id: lines.agreed });
    lines.refused = await askFor(suite.skus.lamp);
    await suite.staff("/shopapi/orderrefund/refuse", { order_goods_id: lines.refused, refund_refuse_reason: "已超过售后期" });
    lines.done = await askFor(suite.skus.cup);
    await suite.staff("/shopapi/orderrefund/agree", { order_goods_id: lines.done });
    await suite.staff("/shopapi/orderrefund/transfer", { order_goods_id: lines.done });
  });

  it("todo=1 keeps what waits for the shop: applied and agreed, not refused nor refunded", async () => {
    const all = await list({});
    expect(all.count).toBe(4);
    const todo = await list({ todo: 1 });
    expect(ids(todo)).toEqual([lines.applied, lines.agreed].sort((a, b) => a - b));
    expect(todo.list.every((item) => item.staff_actions.length > 0)).toBe(true);
    expect(ids(await list({ todo: 1, refund_status: 1 }))).toEqual([lines.applied]);
  });

  it("sku_name finds part of the goods name, case and wildcards taken literally", async () => {
    expect(ids(await list({ sku_name: "茶杯" }))).toEqual([lines.agreed, lines.done].sort((a, b) => a - b));
    expect(ids(await list({ sku_name: "台灯", refund_status: -1 }))).toEqual([lines.refused]);
    expect((await list({ sku_name: "%" })).count).toBe(0);
  });

  it("sorts by the amount asked and by the time asked, both ways", async () => {
    const byMoneyUp = await list({ order: "refund_apply_money", sort: "asc" });
    expect(byMoneyUp.list.map((item) => item.refund_apply_money)).toEqual(["20.00", "20.00", "50.00", "50.00"]);
    const byMoneyDown = await list({ order: "refund_apply_money", sort: "desc" });
    expect(byMoneyDown.list[0]!.refund_apply_money).toBe("50.00");
    const byTime = await list({ order: "refund_action_time", sort: "asc" });
    const times = byTime.list.map((item) => item.refund_action_time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("refuses an unknown sort column with the field named", async () => {
    const answer = await suite.t.call("/shopapi/orderrefund/lists", { order: "member_id" }, { token: suite.admin });
    expect(answer.code).toBe(-10006);
    expect(answer.message).toBe("参数 order 的取值无效");
  });
});
