import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember } from "../auth/testing.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { BizError } from "../../core/errors.ts";
import { changeAccount, ledgerSum, type AccountChange } from "./ledger.ts";

describe(`member ledger (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const change = (fields: Partial<AccountChange> & Pick<AccountChange, "memberId" | "amount" | "businessId">) =>
    unitOfWork(t.app.deps.db, (tx) => changeAccount(tx, { accountType: "balance", fromType: "test", typeName: "测试", ...fields }));

  const totals = async (memberId: number) =>
    t.app.deps.db.selectFrom("member").select(["balance_cents", "point"]).where("member_id", "=", memberId).executeTakeFirstOrThrow();

  const rows = (memberId: number) =>
    t.app.deps.db.selectFrom("member_account").select(["account_type", "account_data", "from_type", "business_id"]).where("member_id", "=", memberId).orderBy("id").execute();

  it("records a business event once: a second call answers false and writes nothing", async () => {
    const { member_id: memberId } = await registerMember(t);
    expect(await change({ memberId, amount: 10_000, fromType: "recharge", businessId: 7 })).toBe(true);
    expect(await change({ memberId, amount: 10_000, fromType: "recharge", businessId: 7 })).toBe(false);
    expect(await change({ memberId, amount: 10_000, fromType: "recharge", businessId: "7" })).toBe(false); // ids are compared as text
    expect((await totals(memberId)).balance_cents).toBe(10_000);
    expect(await rows(memberId)).toEqual([{ account_type: "balance", account_data: 10_000, from_type: "recharge", business_id: "7" }]);

    // The same business id under another business type, or for points, is another event.
    expect(await change({ memberId, amount: -500, fromType: "order_pay", businessId: 7 })).toBe(true);
    expect(await change({ memberId, accountType: "point", amount: 30, fromType: "recharge", businessId: 7 })).toBe(true);
    expect(await totals(memberId)).toEqual({ balance_cents: 9_500, point: 30 });
    expect(await ledgerSum(t.app.deps.db, memberId, "balance")).toBe(9_500);
    expect(await ledgerSum(t.app.deps.db, memberId, "point")).toBe(30);
  });

  it("refuses to go below zero (账户余额不足 / 积分不足) and leaves no ledger row behind", async () => {
    const { member_id: memberId } = await registerMember(t);
    await change({ memberId, amount: 1_000, businessId: `grant-${memberId}` });
    await change({ memberId, accountType: "point", amount: 10, businessId: `grant-${memberId}` });

    const balanceRefusal = await change({ memberId, amount: -1_001, fromType: "order_pay", businessId: 1 }).catch((error: unknown) => error);
    expect(balanceRefusal).toBeInstanceOf(BizError);
    expect(balanceRefusal).toMatchObject({ message: "账户余额不足", code: Code.ERROR });
    await expect(change({ memberId, accountType: "point", amount: -11, fromType: "order_pay", businessId: 1 })).rejects.toThrow("积分不足");

    expect(await totals(memberId)).toEqual({ balance_cents: 1_000, point: 10 });
    expect((await rows(memberId)).map((row) => row.from_type)).toEqual(["test", "test"]);
    // The refused event was not recorded, so it can still happen once the money is there.
    expect(await change({ memberId, amount: -1_000, fromType: "order_pay", businessId: 1 })).toBe(true);
    expect((await totals(memberId)).balance_cents).toBe(0);
  });

  it("is undone with the unit of work it ran in", async () => {
    const { member_id: memberId } = await registerMember(t);
    await change({ memberId, amount: 2_000, businessId: `grant-${memberId}` });
    await expect(
      unitOfWork(t.app.deps.db, async (tx) => {
        await changeAccount(tx, { memberId, accountType: "balance", amount: -800, fromType: "order_pay", businessId: 99, typeName: "订单支付" });
        throw new BizError("订单状态已变化，请刷新后重试");
      }),
    ).rejects.toThrow("订单状态已变化");
    expect((await totals(memberId)).balance_cents).toBe(2_000);
    expect(await rows(memberId)).toHaveLength(1);
  });

  it("throws when a business key already names another member's event or another amount (a caller bug, not a duplicate)", async () => {
    const first = await registerMember(t);
    const second = await registerMember(t);
    expect(await change({ memberId: first.member_id, amount: 700, fromType: "order_close", businessId: 5150 })).toBe(true);
    await expect(change({ memberId: second.member_id, amount: 700, fromType: "order_close", businessId: 5150 })).rejects.toThrow(/already recorded for member/);
    await expect(change({ memberId: first.member_id, amount: 701, fromType: "order_close", businessId: 5150 })).rejects.toThrow(/already recorded for member/);
    expect((await totals(second.member_id)).balance_cents).toBe(0);
    expect((await totals(first.member_id)).balance_cents).toBe(700);
  });

  it("refuses to run outside a unit of work, and refuses zero or fractional amounts", async () => {
    const { member_id: memberId } = await registerMember(t);
    const base = { memberId, accountType: "balance" as const, fromType: "test", businessId: 1, typeName: "测试" };
    await expect(changeAccount(t.app.deps.db, { ...base, amount: 100 })).rejects.toThrow(/inside a unit of work/);
    await expect(change({ ...base, amount: 0 })).rejects.toThrow(/invalid ledger amount/);
    await expect(change({ ...base, amount: 1.5 })).rejects.toThrow(/invalid ledger amount/);
    expect(await rows(memberId)).toEqual([]);
  });

  it("50 concurrent debits of ¥3 against ¥100: 33 pass, none takes the balance below zero, the ledger sums to the balance", async () => {
    const { member_id: memberId } = await registerMember(t);
    await change({ memberId, amount: 10_000, fromType: "recharge", businessId: `r-${memberId}` });
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        change({ memberId, amount: -300, fromType: "order_pay", businessId: `${memberId}-${i}` }).then(
          () => "paid",
          (error: unknown) => (error instanceof BizError ? error.message : `unexpected: ${String(error)}`),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "paid")).toHaveLength(33);
    expect(outcomes.filter((outcome) => outcome !== "paid")).toEqual(Array(17).fill("账户余额不足"));
    expect((await totals(memberId)).balance_cents).toBe(100);
    expect(await ledgerSum(t.app.deps.db, memberId, "balance")).toBe(100);
    expect(await rows(memberId)).toHaveLength(34);
  });

  it("the same business event sent 10 times at once is recorded once; the others answer false", async () => {
    const { member_id: memberId } = await registerMember(t);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => change({ memberId, amount: 500, fromType: "order_close", businessId: 4242 }).catch((error: unknown) => String(error))),
    );
    expect(outcomes.filter((outcome) => outcome === true)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === false)).toHaveLength(9);
    expect((await totals(memberId)).balance_cents).toBe(500);
    expect(await rows(memberId)).toHaveLength(1);
  });
});
