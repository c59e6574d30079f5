import type { SigninAward } from "@shop/contract";
import { cycleRewards, rewardText } from "./signin-view.ts";

/** The rewards by day of the cycle; the day the next sign-in falls on is marked. */
export function SigninRewards({ award, nextCycleDay }: { award: SigninAward; nextCycleDay: number }) {
  return (
    <>
      <p className="signin-rules">
        每日签到可得 {rewardText({ point: award.daily_point, growth: award.daily_growth, coupons: [] })}；连续签到 {award.cycle_days} 天为一个周期，
        周期内指定天数额外奖励，周期结束后从第 1 天重新开始，中断签到也将从第 1 天重新计算。
      </p>
      <table className="lvsign-table signin-rewards">
        <thead>
          <tr>
            <th>连续签到</th>
            <th>当天奖励</th>
            <th>说明</th>
          </tr>
        </thead>
        <tbody>
          {cycleRewards(award).map((reward) => (
            <tr key={reward.day} className={reward.day === nextCycleDay ? "signin-rewards-next" : undefined}>
              <td>第 {reward.day} 天</td>
              <td>{rewardText(reward)}</td>
              <td>
                {reward.bonus && <span className="signin-tag">连签奖励</span>}
                {reward.day === nextCycleDay && <span className="signin-tag signin-tag-next">下次签到</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
