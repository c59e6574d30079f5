import type { MemberAccountInfo } from "@shop/contract";
import { Link } from "../../chrome/Link.tsx";

/**
 * The head of 我的积分: points now, earned and used so far (from the ledger), and where to earn more.
 * Points never expire in this shop (no expiry is configured), which the note says.
 */
export function PointSummary({ info }: { info: MemberAccountInfo }) {
  return (
    <div className="point-summary">
      <div className="point-summary-current">
        <span className="point-summary-label">当前积分</span>
        <strong className="point-summary-value" data-testid="point-current">
          {info.point}
        </strong>
        <p className="point-summary-note">积分可在下单时抵扣现金，长期有效</p>
      </div>
      <dl className="point-summary-totals">
        <div>
          <dt>累计获得</dt>
          <dd>{info.total_income}</dd>
        </div>
        <div>
          <dt>累计使用</dt>
          <dd>{info.total_expense}</dd>
        </div>
      </dl>
      <div className="point-summary-earn">
        <p>每日签到可领积分，连续签到奖励更多</p>
        <Link to="/member/signin" className="ui-button ui-button--primary">
          去签到
        </Link>
      </div>
    </div>
  );
}
