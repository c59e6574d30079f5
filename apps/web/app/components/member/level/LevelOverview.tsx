import type { MemberLevelState } from "@shop/contract";
import { discountLabel } from "./level-view.ts";

/** The member's level, growth and the way to the next level, with the perks it enjoys now. */
export function LevelOverview({ state }: { state: MemberLevelState }) {
  const next = state.next_level;
  return (
    <div className="level-overview">
      <div className="level-overview-badge" aria-hidden>
        {state.level_name.slice(0, 2) || "会员"}
      </div>
      <div className="level-overview-main">
        <p className="level-overview-name">
          当前等级：<strong>{state.level_name || "普通会员"}</strong>
        </p>
        <p className="level-overview-growth">
          成长值 <strong data-testid="member-growth">{state.growth}</strong>
          {next && <span> / {next.growth}</span>}
        </p>
        <div className="level-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={state.progress_percent} aria-label="升级进度">
          <span style={{ width: `${state.progress_percent}%` }} />
        </div>
        <p className="level-overview-next">
          {next ? (
            <>
              再获得 <em>{state.growth_to_next}</em> 成长值即可升级为「{next.level_name}」
            </>
          ) : (
            "您已是最高等级，尊享全部会员权益"
          )}
        </p>
      </div>
      <ul className="level-overview-perks" aria-label="当前权益">
        <li>
          <strong>{discountLabel(state.consume_discount)}</strong>
          <span>购物折扣</span>
        </li>
        <li>
          <strong>{state.is_free_shipping ? "包邮" : "—"}</strong>
          <span>快递包邮</span>
        </li>
      </ul>
    </div>
  );
}
