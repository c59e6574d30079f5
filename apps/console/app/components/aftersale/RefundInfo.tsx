import { Link } from "react-router";
import { Card, Descriptions, Tag, Timeline, Typography } from "antd";
import type { StaffRefundDetail } from "@shop/contract";
import { fullTime } from "../../lib/format.ts";
import GoodsCell from "./GoodsCell.tsx";
import Pictures from "./Pictures.tsx";
import { RefundStatusTag } from "./refund-status.tsx";
import OrderNoLink from "../order/OrderNoLink.tsx";

/** Who did a timeline step: 1 buyer, 2 shop, 3 system, 4 platform. */
const WAY_COLORS: Record<number, string> = { 1: "blue", 2: "green", 3: "gray", 4: "purple" };

/** The application as the buyer made it, the order line, the money, the return and the timeline. */
export default function RefundInfo({ refund }: { refund: StaffRefundDetail }) {
  const buyer = refund.member_nickname || refund.member_username || `会员 ${refund.member_id}`;
  return (
    <>
      <Card title="退款申请" size="small" style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="退款编号">{refund.refund_no}</Descriptions.Item>
          <Descriptions.Item label="状态"><RefundStatusTag status={refund.refund_status} name={refund.refund_status_name} /></Descriptions.Item>
          <Descriptions.Item label="退款方式">{refund.refund_type_name}</Descriptions.Item>
          <Descriptions.Item label="申请时间">{fullTime(refund.refund_action_time)}</Descriptions.Item>
          <Descriptions.Item label="买家">{buyer}</Descriptions.Item>
          <Descriptions.Item label="退款原因">{refund.refund_reason}</Descriptions.Item>
          <Descriptions.Item label="退款说明" span={2}>{refund.refund_remark || "—"}</Descriptions.Item>
          {refund.refund_images.length > 0 && (
            <Descriptions.Item label="凭证图片" span={2}><Pictures paths={refund.refund_images} label="退款凭证" /></Descriptions.Item>
          )}
          {refund.refund_refuse_reason && <Descriptions.Item label="拒绝原因" span={2}><Typography.Text type="danger">{refund.refund_refuse_reason}</Typography.Text></Descriptions.Item>}
          {refund.auto_agree_time > 0 && <Descriptions.Item label="自动同意时间" span={2}>{fullTime(refund.auto_agree_time)} 前未处理将自动同意</Descriptions.Item>}
        </Descriptions>
      </Card>

      <Card title="订单商品" size="small" style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="商品" span={2}><GoodsCell image={refund.sku_image} name={refund.sku_name} spec={refund.spec_name} /></Descriptions.Item>
          <Descriptions.Item label="订单号"><OrderNoLink orderId={refund.order_id} orderNo={refund.order_no} /></Descriptions.Item>
          <Descriptions.Item label="单价 × 数量">¥{refund.price} × {refund.num}</Descriptions.Item>
          <Descriptions.Item label="支付方式">{refund.pay_type_name}</Descriptions.Item>
          <Descriptions.Item label="订单金额">¥{refund.order_money}（余额 ¥{refund.order_balance_money}，在线支付 ¥{refund.order_pay_money}）</Descriptions.Item>
        </Descriptions>
      </Card>

      <Card title="退款金额" size="small" style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="商品实付">¥{refund.real_goods_money}</Descriptions.Item>
          <Descriptions.Item label="本次申请">
            <Typography.Text strong>¥{refund.refund_apply_money}</Typography.Text>
            {refund.refund_delivery_money !== "0.00" && <Typography.Text type="secondary">（含运费 ¥{refund.refund_delivery_money}）</Typography.Text>}
          </Descriptions.Item>
          <Descriptions.Item label="该商品已退">¥{refund.refund_total_real_money}</Descriptions.Item>
          <Descriptions.Item label="退回方式">{refund.refund_way_name}</Descriptions.Item>
          {refund.refund_time > 0 && (
            <>
              <Descriptions.Item label="实退金额">¥{refund.refund_real_money}（余额 ¥{refund.refund_balance_money}，原支付方式 ¥{refund.refund_pay_money}）</Descriptions.Item>
              <Descriptions.Item label="退款时间">{fullTime(refund.refund_time)}</Descriptions.Item>
            </>
          )}
          {refund.refund_pay_status_name && <Descriptions.Item label="原路退款">{refund.refund_pay_status_name}</Descriptions.Item>}
          {refund.shop_remark && <Descriptions.Item label="商家备注" span={2}>{refund.shop_remark}</Descriptions.Item>}
        </Descriptions>
      </Card>

      {refund.refund_address && (
        <Card title="退货信息" size="small" style={{ marginBottom: 16 }}>
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            <Descriptions.Item label="退货地址" span={2}>{refund.refund_address.name} {refund.refund_address.mobile} {refund.refund_address.address}</Descriptions.Item>
            <Descriptions.Item label="物流公司">{refund.refund_delivery_name || "买家尚未寄回"}</Descriptions.Item>
            <Descriptions.Item label="物流单号">{refund.refund_delivery_no || "—"}</Descriptions.Item>
            {refund.refund_delivery_remark && <Descriptions.Item label="寄回说明" span={2}>{refund.refund_delivery_remark}</Descriptions.Item>}
            {refund.delivery_deadline > 0 && <Descriptions.Item label="寄回期限" span={2}>{fullTime(refund.delivery_deadline)} 前未寄回将自动关闭</Descriptions.Item>}
          </Descriptions>
        </Card>
      )}

      {refund.complain && (
        <Card title="交易投诉" size="small" style={{ marginBottom: 16 }} extra={<Link to={`/aftersale/complain?complain_id=${refund.complain.complain_id}`}>去处理</Link>}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="状态"><Tag>{refund.complain.complain_status_name}</Tag></Descriptions.Item>
            <Descriptions.Item label="投诉原因">{refund.complain.complain_reason}</Descriptions.Item>
            {refund.complain.complain_remark && <Descriptions.Item label="投诉说明">{refund.complain.complain_remark}</Descriptions.Item>}
            {refund.complain.handle_remark && <Descriptions.Item label="处理结果">{refund.complain.handle_remark}</Descriptions.Item>}
          </Descriptions>
        </Card>
      )}

      <Card title="协商记录" size="small">
        <Timeline
          items={[...refund.refund_log].reverse().map((entry) => ({
            color: WAY_COLORS[entry.action_way] ?? "gray",
            content: (
              <div>
                <Typography.Text strong>{entry.action}</Typography.Text>
                <Typography.Text type="secondary"> · {entry.actor_name} · {fullTime(entry.action_time)}</Typography.Text>
                {entry.remark && <div>{entry.remark}</div>}
              </div>
            ),
          }))}
        />
      </Card>
    </>
  );
}
