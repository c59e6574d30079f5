import { Link } from "../chrome/Link.tsx";
import { ScanOutlined } from "@ant-design/icons";
import type { VerifierIdentity } from "@shop/contract";

/**
 * 核销台, for members the shop made verifiers: where they verify shoppers' pickup and virtual-goods
 * codes, and their records. Other members never see it.
 */
export function MemberVerifierEntry({ verifier }: { verifier: VerifierIdentity | null }) {
  if (!verifier) return null;
  return (
    <div className="member-panel member-verifier">
      <h2 className="member-panel-title">核销台</h2>
      <div className="member-verifier-body">
        <span className="member-quick-icon" aria-hidden>
          <ScanOutlined />
        </span>
        <p>
          您是本店核销员「{verifier.verifier_name}」，可核销顾客的门店自提提货码和虚拟商品核销码。
        </p>
        <Link to="/order/verification" className="member-verifier-go">
          去核销
        </Link>
        <Link to="/order/verification_list">核销记录</Link>
      </div>
    </div>
  );
}
