import { Link } from "../../chrome/Link.tsx";
import type { WithdrawRecord } from "@shop/contract";
import { formatPrice, formatTime } from "../../../lib/format.ts";
import { WithdrawStatusTag } from "./WithdrawStatusTag.tsx";
import { maskAccountNumber, withdrawalDetailPath } from "./withdraw-view.ts";

/** The member's withdrawals as table rows: when, where to, how much (fee, what arrives), status, detail. */
export function WithdrawRecordTable({ records }: { records: WithdrawRecord[] }) {
  return (
    <table className="withdraw-table">
      <thead>
        <tr>
          <th scope="col">申请时间</th>
          <th scope="col">提现到</th>
          <th scope="col">提现金额</th>
          <th scope="col">手续费</th>
          <th scope="col">到账金额</th>
          <th scope="col">状态</th>
          <th scope="col">操作</th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={record.id} data-withdraw-id={record.id}>
            <td>
              {formatTime(record.apply_time, "YYYY-MM-DD HH:mm")}
              <small className="withdraw-table-no">{record.withdraw_no}</small>
            </td>
            <td className="withdraw-table-account">
              {record.transfer_type === "bank" ? record.bank_name : record.transfer_type_name}
              <small>{maskAccountNumber(record.account_number)}</small>
            </td>
            <td className="withdraw-money">¥{formatPrice(record.apply_money)}</td>
            <td>¥{formatPrice(record.service_money)}</td>
            <td>¥{formatPrice(record.money)}</td>
            <td>
              <WithdrawStatusTag status={record.status} name={record.status_name} />
            </td>
            <td>
              <Link to={withdrawalDetailPath(record.id)} aria-label={`查看提现 ${record.withdraw_no} 的详情`}>
                详情
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
