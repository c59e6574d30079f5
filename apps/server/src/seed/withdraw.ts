import type { Db } from "../db/unit-of-work.ts";
import type { StaffCaller } from "../core/context.ts";
import { now, shopIsoString } from "../core/time.ts";
import { addBankAccount } from "../modules/withdraw/accounts.ts";
import { planWithdrawal, submitWithdrawal, type Destination } from "../modules/withdraw/apply.ts";
import { saveWithdrawSettings } from "../modules/withdraw/config.ts";
import { WITHDRAW_LEDGER, type WithdrawEvent } from "../modules/withdraw/state-machine.ts";
import { staffWithdrawAction } from "../modules/withdraw/staff.ts";
import { DEMO_MEMBER_ID } from "./members.ts";
import { StoryClock } from "./orders.ts";

/**
 * Withdrawals, alive on first start: the shop's settings (enabled, ¥10.00 minimum, 0.6 % fee, bank
 * cards and Alipay), the demo member's two accounts (a 招商银行 card, the default, and an Alipay
 * account) and one withdrawal in every status — applied, reviewed and paid through the real
 * services (the ledger takes each amount out and gives the refused and failed ones back), then
 * moved to the times of their story. Runs inside the seed's transaction, after the orders; the
 * demo member starts with ¥500.00 and ends with ¥270.00 (¥150.00 frozen, ¥80.00 withdrawn).
 */

export const SEED_WITHDRAW_SETTINGS = { is_use: 1, min_cents: 1000, rate_basis_points: 60, transfer_types: ["bank", "alipay"] } as const;

const HOLDER = { realname: "李娜", mobile: "13800138000" };
const BANK_CARD = { ...HOLDER, withdraw_type: "bank", branch_bank_name: "招商银行 上海张江支行", bank_account: "6225882134567890", is_default: 1 } as const;
const ALIPAY = { ...HOLDER, withdraw_type: "alipay", branch_bank_name: "", bank_account: "lina_demo@163.com", is_default: 0 } as const;

interface Step {
  event: WithdrawEvent;
  at: number;
  details?: { refuse_reason?: string; fail_reason?: string; certificate_remark?: string };
}

interface WithdrawStory {
  title: string;
  to: "bank" | "alipay";
  cents: number;
  applied: number;
  steps: Step[];
}

function stories(clock: StoryClock): WithdrawStory[] {
  return [
    {
      title: "已转账：提现到招商银行卡",
      to: "bank",
      cents: 8000,
      applied: clock.daysAgo(20, "10:12"),
      steps: [
        { event: "agree", at: clock.daysAgo(19, "09:30") },
        { event: "transfer", at: clock.daysAgo(19, "15:20"), details: { certificate_remark: `已通过招商银行转账，流水号 CMB${shopIsoString(clock.daysAgo(19, "15:20")).replace(/\D/g, "").slice(0, 14)}` } },
      ],
    },
    {
      title: "已拒绝：支付宝实名不一致",
      to: "alipay",
      cents: 20000,
      applied: clock.daysAgo(12, "21:05"),
      steps: [{ event: "refuse", at: clock.daysAgo(11, "10:00"), details: { refuse_reason: "支付宝实名信息与提现账户姓名不一致，请核对后重新申请" } }],
    },
    {
      title: "转账失败：银行退票",
      to: "bank",
      cents: 3000,
      applied: clock.daysAgo(8, "13:40"),
      steps: [
        { event: "agree", at: clock.daysAgo(7, "09:15") },
        { event: "fail", at: clock.daysAgo(6, "16:45"), details: { fail_reason: "收款银行退票：收款账户状态异常" } },
      ],
    },
    { title: "待转账：提现到支付宝", to: "alipay", cents: 5000, applied: clock.daysAgo(3, "19:26"), steps: [{ event: "agree", at: clock.daysAgo(2, "10:08") }] },
    { title: "待审核：提现到招商银行卡", to: "bank", cents: 10000, applied: clock.minutesAgo(5 * 60), steps: [] },
  ];
}

/** "TX" + the story's time (yyMMddHHmmss, shop time) + a sequence: readable, stable between seeds. */
const storyWithdrawNo = (at: number, index: number) => `TX${shopIsoString(at).replace(/\D/g, "").slice(2, 14)}${String(index + 1).padStart(8, "0")}`;

const TIME_COLUMN: Record<WithdrawEvent, "audit_time" | "payment_time" | "fail_time"> = { agree: "audit_time", refuse: "audit_time", transfer: "payment_time", fail: "fail_time" };

async function tellStory(db: Db, shop: StaffCaller, destination: Destination, story: WithdrawStory, index: number): Promise<void> {
  const applied = await submitWithdrawal(db, DEMO_MEMBER_ID, await planWithdrawal(db, DEMO_MEMBER_ID, destination, story.cents));
  for (const step of story.steps) await staffWithdrawAction(db, shop, applied.id, step.event, step.details);

  // Renumbered and re-dated to the story: the row, its ledger rows and the staff log lines.
  const withdrawNo = storyWithdrawNo(story.applied, index);
  const times: Record<string, number> = { apply_time: story.applied, update_time: story.steps.at(-1)?.at ?? story.applied };
  for (const step of story.steps) times[TIME_COLUMN[step.event]] = step.at;
  await db.updateTable("member_withdraw").set({ ...times, withdraw_no: withdrawNo }).where("id", "=", applied.id).execute();
  const givenBackAt = story.steps.find((step) => step.event === "refuse" || step.event === "fail")?.at ?? 0;
  const ledgerRows = await db
    .selectFrom("member_account")
    .select(["id", "from_type", "remark"])
    .where("account_type", "=", "balance")
    .where("from_type", "in", [WITHDRAW_LEDGER.apply, WITHDRAW_LEDGER.giveBack])
    .where("business_id", "=", String(applied.id))
    .execute();
  for (const row of ledgerRows) {
    const at = row.from_type === WITHDRAW_LEDGER.apply ? story.applied : givenBackAt;
    await db.updateTable("member_account").set({ create_time: at, remark: row.remark.replace(applied.withdraw_no, withdrawNo) }).where("id", "=", row.id).execute();
  }
  for (const step of story.steps) {
    await db
      .updateTable("staff_log")
      .set({ create_time: step.at, target_id: withdrawNo })
      .where("target_type", "=", "member_withdraw")
      .where("target_id", "=", applied.withdraw_no)
      .where("action", "=", `withdraw.${step.event}`)
      .execute();
  }
}

export async function seedWithdrawals(db: Db): Promise<void> {
  const clock = new StoryClock(now());
  await saveWithdrawSettings(db, { ...SEED_WITHDRAW_SETTINGS, transfer_types: [...SEED_WITHDRAW_SETTINGS.transfer_types] });
  const bankId = await addBankAccount(db, DEMO_MEMBER_ID, BANK_CARD);
  const alipayId = await addBankAccount(db, DEMO_MEMBER_ID, ALIPAY);
  const openedAt = clock.daysAgo(25, "20:30");
  await db.updateTable("member_bank_account").set({ create_time: openedAt, update_time: openedAt }).where("id", "in", [bankId, alipayId]).execute();

  const admin = await db.selectFrom("staff").select(["staff_id", "username", "nickname", "role"]).where("role", "=", "admin").orderBy("staff_id").executeTakeFirstOrThrow();
  const shop: StaffCaller = { staff: admin, ip: "127.0.0.1" };
  const destinations: Record<WithdrawStory["to"], Destination> = {
    bank: { type: "bank", realname: BANK_CARD.realname, mobile: BANK_CARD.mobile, bankName: BANK_CARD.branch_bank_name, accountNumber: BANK_CARD.bank_account },
    alipay: { type: "alipay", realname: ALIPAY.realname, mobile: ALIPAY.mobile, bankName: "", accountNumber: ALIPAY.bank_account },
  };
  for (const [index, story] of stories(clock).entries()) {
    try {
      await tellStory(db, shop, destinations[story.to], story, index);
    } catch (error) {
      throw new Error(`seed withdraw: 「${story.title}」 failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}
