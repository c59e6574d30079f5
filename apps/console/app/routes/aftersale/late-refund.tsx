import { Link } from "react-router";
import { Alert, Button, Popconfirm, Space, Table, Tag } from "antd";
import type { LatePayment } from "@shop/contract";
import ConsolePage from "../../components/ConsolePage.tsx";
import { fullTime } from "../../lib/format.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import { NO_PAGE, useStaffQuery } from "../../lib/use-staff-query.ts";

export function meta() {
  return [{ title: "异常支付退款 - 商城管理后台" }];
}

/**
 * 异常支付退款: money that arrived after its orders had closed (or a second payment of a paid trade).
 * Staff send it back the way it came; the refund runs as a job, so the row turns 已退款 a moment later.
 */
export default function LateRefundPage() {
  const call = useStaffCall();
  const { query, setPage } = useListQuery();
  const { data, loading, reload, refreshAfter } = useStaffQuery("/shopapi/pay/refunds", { page: query.page, page_size: query.pageSize }, NO_PAGE);

  const refund = (payment: LatePayment) => refreshAfter(call("/shopapi/pay/refund", { out_trade_no: payment.out_trade_no }), `已提交退款 ¥${payment.pay_money}，将原路退回`);

  return (
    <ConsolePage title="异常支付退款" extra={<Button onClick={() => void reload()}>刷新</Button>}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title="订单关闭后才到账的付款、或同一笔交易的重复付款会列在这里，需退回给买家。" />
      <Table<LatePayment>
        rowKey="out_trade_no"
        loading={loading}
        dataSource={data.list}
        pagination={tablePagination(query, data.count, setPage)}
        locale={{ emptyText: "没有异常支付" }}
        columns={[
          { title: "交易号", dataIndex: "out_trade_no", render: (no: string, payment) => <Space orientation="vertical" size={0}>{no}{payment.trade_no && <span style={{ color: "#888" }}>渠道单号 {payment.trade_no}</span>}</Space> },
          { title: "会员", dataIndex: "member_id", width: 100, render: (id: number) => `会员 ${id}` },
          { title: "支付方式", dataIndex: "pay_type_name", width: 110 },
          { title: "金额", dataIndex: "pay_money", width: 110, align: "right", render: (money: string) => `¥${money}` },
          { title: "付款时间", dataIndex: "pay_time", width: 160, render: (time: number) => fullTime(time) },
          {
            title: "订单",
            dataIndex: "order_ids",
            width: 140,
            render: (ids: number[]) => <Space size={4} wrap>{ids.map((id) => <Link key={id} to={`/order/detail/${id}`}>#{id}</Link>)}</Space>,
          },
          { title: "状态", dataIndex: "refund_status", width: 100, render: (status: number) => (status === 2 ? <Tag color="green">已退款</Tag> : <Tag color="orange">待退款</Tag>) },
          {
            title: "操作",
            key: "actions",
            width: 90,
            render: (_, payment) =>
              payment.refund_status === 1 ? (
                <Popconfirm title={`退回 ¥${payment.pay_money} 给买家？`} description={`按${payment.pay_type_name}原路退回，提交后不可撤销`} okText="退款" cancelText="取消" onConfirm={() => refund(payment)}>
                  <Button type="link" size="small">
                    退款
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </ConsolePage>
  );
}
