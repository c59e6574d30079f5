import type { SigninAward, SigninStatus } from "@shop/contract";
import { SigninButton } from "./SigninButton.tsx";
import { cycleRewards, rewardText } from "./signin-view.ts";

/** The head of the sign-in page: the button, the streak, the total and what the next sign-in gives. */
export function SigninSummary({ status, award }: { status: SigninStatus; award: SigninAward }) {
  const signed = status.is_sign === 1;
  const coupons = cycleRewards(award).find((reward) => reward.day === status.next_cycle_day)?.coupons ?? [];
  const next = rewardText({ point: status.next_point, growth: status.next_growth, coupons });
  return (
    <div className="signin-summary">
      <SigninButton signed={signed} enabled={status.is_enable === 1} />
      <ul className="signin-figures">
        <li>
          <strong data-testid="signin-streak">{status.streak}</strong>
          <span>连续签到（天）</span>
        </li>
        <li>
          <strong data-testid="signin-total">{status.total_days}</strong>
          <span>累计签到（天）</span>
        </li>
      </ul>
      <p className="signin-next">
        {signed ? "明日" : "今日"}签到为本周期第 <em>{status.next_cycle_day}</em> 天{next !== "无" && <>，可得 <strong>{next}</strong></>}
        <br />
        <span>签到以北京时间为准，每天 0 点刷新</span>
      </p>
    </div>
  );
}
