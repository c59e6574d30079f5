import { useCallback, useEffect, useState } from "react";
import { Link, useOutletContext, useParams } from "react-router";
import { App, Button, Card, Descriptions, Empty, Image, Input, Popconfirm, Space, Spin, Steps, Table, Tag, Timeline, Typography } from "antd";
import type { OrderGoods, StaffOrderDetail, StaffProfile } from "@shop/contract";
import ConsolePage from "../../components/ConsolePage.tsx";
import ShipDrawer, { unshippedLines } from "../../components/order/ShipDrawer.tsx";
import ReceiverDrawer from "../../components/order/ReceiverDrawer.tsx";
import AdjustPriceModal from "../../components/order/AdjustPriceModal.tsx";
import RemarkModal from "../../components/order/RemarkModal.tsx";
import { STATUS_COLORS } from "../../components/order/order-labels.ts";
import { fullTime, pictureUrl } from "../../lib/format.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "订单详情 - 商城管理后台" }];
}

/** Printing the page gives the delivery slip: the console's frame, the buttons and the logs stay off paper. */
const PRINT_STYLE = `@media print {
  .ant-layout-sider, .ant-layout-header, .order-no-print, .ant-btn { display: none !important; }
  .ant-layout, .ant-layout-content { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  .ant-card { break-inside: avoid; border: none !important; }
}`;

type Dialog = "" | "ship" | "receiver" | "adjust" | "remark";

/** 订单详情: lines, money, receiver, timeline, packages and logs; ship, adjust, close, remark, edit the receiver, print. */
export default function OrderDetailPage() {
  const orderId = Number(useParams().orderId);
  const call = useStaffCall();
  const { message } = App.useApp();
  const staff = useOutletContext<StaffProfile>();
  const may = (permission: string) => staff.permissions.includes(permission);
  const [order, setOrder] = useState<StaffOrderDetail | null>(null);
  const [missing, setMissing] = useState(false);
  const [dialog, setDialog] = useState<Dialog>("");
  const [closeReason, setCloseReason] = useState("");

  const load = useCallback(async () => {
    const detail = await call("/shopapi/order/detail", { order_id: orderId });
    if (detail) setOrder(detail);
    else setMissing(true);
  }, [call, orderId]);
  useEffect(() => {
    void load();
  }, [load]);

  if (!order) {
    return <ConsolePage title="订单详情">{missing ? <Empty description="订单不存在或无法查看"><Link to="/order">返回订单列表</Link></Empty> : <Spin />}</ConsolePage>;
  }

  const travels = order.order_type === 1 || order.order_type === 3;
  const unshipped = unshippedLines(order.order_goods);
  const canShip = may("order.ship") && travels && order.order_status === 1 && unshipped.length > 0;
  const canEditReceiver = may("order.ship") && travels && (order.order_status === 0 || order.order_status === 1) && order.package_list.length === 0;
  const unpaid = order.order_status === 0;
  const closeOrder = async () => {
    if ((await call("/shopapi/order/close", { order_id: order.order_id, reason: closeReason.trim() })) === undefined) return;
    void message.success("订单已关闭");
    void load();
  };

  const actions = (
    <Space wrap className="order-no-print">
      {canShip && (
        <Button type="primary" onClick={() => setDialog("ship")}>
          发货
        </Button>
      )}
      {unpaid && may("order.adjust") && <Button onClick={() => setDialog("adjust")}>调价</Button>}
      {canEditReceiver && <Button onClick={() => setDialog("receiver")}>修改收货地址</Button>}
      {may("order.ship") && <Button onClick={() => setDialog("remark")}>备注</Button>}
      {unpaid && may("order.close") && (
        <Popconfirm
          title="关闭这个订单？"
          description={<Input placeholder="关闭原因（选填）" maxLength={100} value={closeReason} onChange={(event) => setCloseReason(event.target.value)} aria-label="关闭原因" />}
          okText="关闭订单"
          okButtonProps={{ danger: true }}
          onConfirm={closeOrder}
        >
          <Button danger>关闭订单</Button>
        </Popconfirm>
      )}
      <Button onClick={() => window.print()}>打印发货单</Button>
    </Space>
  );

  const timeline = [
    { title: "下单", time: order.create_time },
    { title: "支付", time: order.pay_time },
    ...(travels ? [{ title: "发货", time: order.delivery_time }, { title: "收货", time: order.sign_time }] : [{ title: order.order_type === 2 ? "提货" : "使用", time: order.sign_time }]),
    { title: "完成", time: order.finish_time },
  ];
  const reached = order.order_status === -1 ? -1 : timeline.filter((step) => step.time > 0).length - 1;

  return (
    <ConsolePage
      title={`订单详情 · ${order.order_no}`}
      extra={
        <Link to="/order" className="order-no-print">
          返回列表
        </Link>
      }
    >
      <style>{PRINT_STYLE}</style>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Card>
          <Space direction="vertical" style={{ width: "100%" }}>
            <Space>
              <Tag color={STATUS_COLORS[order.order_status]} style={{ fontSize: 14, padding: "2px 10px" }}>
                {order.order_status_name}
              </Tag>
              {order.order_status === -1 && order.close_cause && <Typography.Text type="secondary">关闭原因：{order.close_cause}</Typography.Text>}
            </Space>
            {order.order_status === -1 ? (
              <Typography.Text type="secondary">订单已于 {fullTime(order.close_time)} 关闭</Typography.Text>
            ) : (
              <Steps size="small" current={reached} items={timeline.map((step) => ({ title: step.title, description: fullTime(step.time) || undefined }))} />
            )}
            {actions}
          </Space>
        </Card>

        <Card title="订单信息" size="small">
          <Descriptions column={{ xs: 1, md: 3 }} size="small">
            <Descriptions.Item label="订单编号">{order.order_no}</Descriptions.Item>
            <Descriptions.Item label="订单类型">{order.order_type_name}</Descriptions.Item>
            <Descriptions.Item label="配送方式">{order.delivery_type_name}</Descriptions.Item>
            <Descriptions.Item label="买家">
              {order.member_nickname || order.member_username} {order.member_nickname && order.member_username && <Typography.Text type="secondary">({order.member_username})</Typography.Text>}
            </Descriptions.Item>
            <Descriptions.Item label="支付方式">{order.pay_type_name || "—"}</Descriptions.Item>
            <Descriptions.Item label="交易流水号">{order.out_trade_no || "—"}</Descriptions.Item>
            {order.promotion_type_name && <Descriptions.Item label="营销活动">{order.promotion_type_name}</Descriptions.Item>}
            <Descriptions.Item label="买家留言">{order.buyer_message || "—"}</Descriptions.Item>
            <Descriptions.Item label="卖家备注">{order.remark || "—"}</Descriptions.Item>
            {order.is_invoice === 1 && <Descriptions.Item label="发票">{`${order.invoice_title} ${order.taxpayer_number} ${order.invoice_content}`.trim()}</Descriptions.Item>}
          </Descriptions>
        </Card>

        <Card title={travels ? "收货信息" : order.order_type === 2 ? "自提信息" : "核销信息"} size="small">
          <Descriptions column={{ xs: 1, md: 3 }} size="small">
            {travels && (
              <>
                <Descriptions.Item label="收货人">{order.name}</Descriptions.Item>
                <Descriptions.Item label="手机号">{order.mobile}</Descriptions.Item>
                <Descriptions.Item label="收货地址">{`${order.full_address} ${order.address}`}</Descriptions.Item>
              </>
            )}
            {order.delivery_store_info && (
              <Descriptions.Item label="自提门店">{`${order.delivery_store_info.store_name}（${order.delivery_store_info.address}）`}</Descriptions.Item>
            )}
            {order.verify_code && <Descriptions.Item label="核销码">{order.verify_code}</Descriptions.Item>}
            {order.buyer_ask_delivery_time && <Descriptions.Item label="期望送达">{order.buyer_ask_delivery_time}</Descriptions.Item>}
          </Descriptions>
        </Card>

        <Card title="商品" size="small">
          <Table<OrderGoods>
            rowKey="order_goods_id"
            size="small"
            pagination={false}
            dataSource={order.order_goods}
            columns={[
              {
                title: "商品",
                key: "goods",
                render: (_, line) => (
                  <Space>
                    <Image src={pictureUrl(line.sku_image)} width={40} height={40} alt="" preview={false} />
                    <div>
                      {line.sku_name}
                      {line.spec_name && <div><Typography.Text type="secondary">{line.spec_name}</Typography.Text></div>}
                    </div>
                  </Space>
                ),
              },
              { title: "单价(元)", dataIndex: "price", width: 100 },
              { title: "数量", dataIndex: "num", width: 70 },
              { title: "小计(元)", dataIndex: "goods_money", width: 100 },
              {
                title: "状态",
                key: "state",
                width: 160,
                render: (_, line) => (
                  <Space size={4} wrap>
                    {travels && <Tag color={line.delivery_status ? "blue" : undefined}>{line.delivery_status_name || (line.delivery_status ? "已发货" : "待发货")}</Tag>}
                    {line.refund_status !== 0 && <Tag color="orange">{line.refund_status_name}</Tag>}
                  </Space>
                ),
              },
            ]}
          />
          <Descriptions column={{ xs: 1, md: 4 }} size="small" style={{ marginTop: 12 }} aria-label="金额明细">
            <Descriptions.Item label="商品金额">¥{order.goods_money}</Descriptions.Item>
            <Descriptions.Item label="运费">¥{order.delivery_money}</Descriptions.Item>
            <Descriptions.Item label="活动优惠">-¥{order.promotion_money}</Descriptions.Item>
            <Descriptions.Item label="优惠券">-¥{order.coupon_money}</Descriptions.Item>
            <Descriptions.Item label="积分抵扣">-¥{order.point_money}</Descriptions.Item>
            <Descriptions.Item label="调价">¥{order.adjust_money}</Descriptions.Item>
            <Descriptions.Item label="余额支付">¥{order.balance_money}</Descriptions.Item>
            <Descriptions.Item label="订单金额">¥{order.order_money}</Descriptions.Item>
            <Descriptions.Item label={order.pay_time ? "实付金额" : "应付金额"}>
              <Typography.Text strong type="danger">
                ¥{order.pay_money}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </Card>

        {order.package_list.length > 0 && (
          <Card title="发货包裹" size="small">
            <Space direction="vertical" style={{ width: "100%" }}>
              {order.package_list.map((pkg) => (
                <Descriptions key={pkg.package_id} title={pkg.package_name} column={{ xs: 1, md: 3 }} size="small">
                  <Descriptions.Item label="物流">{pkg.delivery_type === 1 ? `${pkg.express_company_name} ${pkg.delivery_no}` : "无需物流"}</Descriptions.Item>
                  <Descriptions.Item label="发货时间">{fullTime(pkg.delivery_time)}</Descriptions.Item>
                  <Descriptions.Item label="商品">{pkg.goods_list.map((line) => `${line.sku_name} × ${line.num}`).join("，")}</Descriptions.Item>
                </Descriptions>
              ))}
            </Space>
          </Card>
        )}

        <Card title="订单日志" size="small" className="order-no-print">
          <Timeline
            items={[...order.order_log].reverse().map((entry) => ({
              children: (
                <div>
                  <Typography.Text strong>{entry.action_name}</Typography.Text> <Typography.Text type="secondary">{entry.actor_name} · {fullTime(entry.create_time)}</Typography.Text>
                  {entry.remark && <div>{entry.remark}</div>}
                </div>
              ),
            }))}
          />
        </Card>
      </Space>

      <ShipDrawer order={dialog === "ship" ? order : null} onClose={() => setDialog("")} onShipped={() => void load()} />
      <ReceiverDrawer order={order} open={dialog === "receiver"} onClose={() => setDialog("")} onSaved={() => void load()} />
      <AdjustPriceModal order={order} open={dialog === "adjust"} onClose={() => setDialog("")} onSaved={() => void load()} />
      <RemarkModal orderId={order.order_id} remark={order.remark} open={dialog === "remark"} onClose={() => setDialog("")} onSaved={() => void load()} />
    </ConsolePage>
  );
}
