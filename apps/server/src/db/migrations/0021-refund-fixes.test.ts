import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { pictureListsWithCommas, refusedFromOfOldRefusals } from "./0021-refund-fixes.ts";

/** Rows as migration 0018 wrote them (JSON picture lists, no refused_from), brought to what the services write now. */
describe("migration 0021: refund fixes", () => {
  let t: TestApp;
  let db: Kysely<unknown>;
  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.deps.db as unknown as Kysely<unknown>;
  });
  afterAll(() => t.close());

  async function oldRefund(refundNo: string, fields: { refund_type: number; refund_status: number; refund_images: string; refund_delivery_no?: string }): Promise<number> {
    const row = await t.app.deps.db
      .insertInto("order_refund")
      .values({
        refund_no: refundNo, order_id: 1, order_goods_id: 1, member_id: 1, refund_reason: "其他", refund_remark: "", refund_apply_money_cents: 100,
        refund_delivery_money_cents: 0, refund_real_money_cents: 0, refund_balance_money_cents: 0, refund_pay_money_cents: 0, refund_pay_status: 0,
        refund_point: 0, refund_refuse_reason: "", shop_remark: "", refund_address: "", refund_delivery_name: "", refund_delivery_remark: "",
        create_time: 0, update_time: 0, refund_time: 0, auto_agree_time: 0, delivery_deadline: 0, refund_delivery_no: "", ...fields,
      })
      .returning("refund_id")
      .executeTakeFirstOrThrow();
    return row.refund_id;
  }

  it("stores refund and complaint pictures comma-separated, and remembers where old refusals were refused from", async () => {
    const pictures = await oldRefund("RFMIG0001", { refund_type: 1, refund_status: -1, refund_images: '["upload/refund/a.jpg","upload/refund/b.jpg"]' });
    const returned = await oldRefund("RFMIG0002", { refund_type: 2, refund_status: -1, refund_images: "[]", refund_delivery_no: "SF1" });
    const current = await oldRefund("RFMIG0003", { refund_type: 2, refund_status: 1, refund_images: "upload/refund/c.jpg" });
    const broken = await oldRefund("RFMIG0004", { refund_type: 1, refund_status: 3, refund_images: "[not json" });
    await sql`INSERT INTO order_complain (refund_id, order_goods_id, order_id, member_id, complain_status, complain_reason, complain_remark, complain_images, handle_remark, refund_agreed, staff_id, create_time, handle_time, cancel_time)
      VALUES (${pictures}, 1, 1, 1, 1, '其他', '', '["upload/complain/x.jpg"]', '', 0, 0, 0, 0, 0)`.execute(db);

    await refusedFromOfOldRefusals(db);
    await pictureListsWithCommas(db);
    await pictureListsWithCommas(db);

    const refunds = await t.app.deps.db.selectFrom("order_refund").select(["refund_id", "refund_images", "refused_from"]).where("refund_no", "like", "RFMIG%").orderBy("refund_id").execute();
    expect(refunds).toEqual([
      { refund_id: pictures, refund_images: "upload/refund/a.jpg,upload/refund/b.jpg", refused_from: 1 },
      { refund_id: returned, refund_images: "", refused_from: 5 },
      { refund_id: current, refund_images: "upload/refund/c.jpg", refused_from: 0 },
      { refund_id: broken, refund_images: "", refused_from: 0 },
    ]);
    const complaint = await t.app.deps.db.selectFrom("order_complain").select("complain_images").where("refund_id", "=", pictures).executeTakeFirstOrThrow();
    expect(complaint.complain_images).toBe("upload/complain/x.jpg");
  });
});
