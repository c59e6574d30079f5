import { Link } from "../chrome/Link.tsx";
import { Tag } from "antd";
import type { VerifyRecord } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";
import { VerifyGoods } from "./VerifyGoods.tsx";
import { groupedCode } from "./VerifyCodeCard.tsx";
import { verificationDetailPath } from "./verify-paths.ts";

/** One record in the list: kind, code and time, the goods handed over, the order, a link to the record. */
export function VerifyRecordCard({ record }: { record: VerifyRecord }) {
  return (
    <article className="verify-record" aria-label={`${record.verify_type_name} ${record.verify_code}`}>
      <header className="verify-record-head">
        <Tag color="red">{record.verify_type_name}</Tag>
        <span>
          核销码：<strong>{groupedCode(record.verify_code)}</strong>
        </span>
        <span>订单编号：{record.order_no}</span>
        <time className="verify-record-time" dateTime={new Date(record.verify_time * 1000).toISOString()}>
          {formatTime(record.verify_time)}
        </time>
      </header>
      <div className="verify-record-body">
        <VerifyGoods items={record.item_array} />
        <div className="verify-record-side">
          <span>核销人：{record.verifier_name}</span>
          <Link to={verificationDetailPath(record.id)}>查看详情</Link>
        </div>
      </div>
    </article>
  );
}
