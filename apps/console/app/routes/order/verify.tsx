import { useState } from "react";
import { Link, useOutletContext } from "react-router";
import { App, Button, Card, Descriptions, Form, Image, Input, List, Popconfirm, Result, Space, Tag } from "antd";
import type { StaffProfile, VerifyDeskInfo } from "@shop/contract";
import ConsolePage from "../../components/ConsolePage.tsx";
import { STATUS_COLORS } from "../../components/order/order-labels.ts";
import { fullTime, pictureUrl } from "../../lib/format.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "核销台 - 商城管理后台" }];
}

/** 核销台: enter the buyer's pickup / virtual code, see the order it belongs to, and use it. */
export default function VerifyDeskPage() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const staff = useOutletContext<StaffProfile>();
  const [form] = Form.useForm<{ verify_code: string }>();
  const [info, setInfo] = useState<VerifyDeskInfo | null>(null);
  const [code, setCode] = useState("");
  const [looking, setLooking] = useState(false);
  const [done, setDone] = useState<string>("");

  const look = async ({ verify_code }: { verify_code: string }) => {
    const trimmed = verify_code.trim();
    setLooking(true);
    setDone("");
    const found = await call("/shopapi/order/verifyinfo", { verify_code: trimmed });
    setLooking(false);
    setInfo(found ?? null);
    setCode(found ? trimmed : "");
  };
  const verify = async () => {
    const used = await call("/shopapi/order/verify", { verify_code: code });
    if (!used) return;
    void message.success("核销成功");
    setDone(`订单 ${used.order_no} 已核销，当前状态：${used.order_status_name}`);
    setInfo(null);
    form.resetFields();
  };

  return (
    <ConsolePage title="核销台">
      <Space direction="vertical" size="middle" style={{ width: "100%", maxWidth: 720 }}>
        <Card>
          <Form form={form} layout="inline" onFinish={(values) => void look(values)}>
            <Form.Item name="verify_code" label="核销码" rules={[{ required: true, whitespace: true, message: "请输入核销码" }, { max: 32, message: "核销码不能超过 32 位" }]}>
              <Input autoFocus allowClear maxLength={32} placeholder="输入或扫描买家的核销码" style={{ width: 280 }} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={looking}>
                查询
              </Button>
            </Form.Item>
          </Form>
        </Card>
        {done && <Result status="success" title="核销成功" subTitle={done} />}
        {info && (
          <Card
            title={`订单 ${info.order_no}`}
            extra={staff.permissions.includes("order.view") && <Link to={`/order/detail/${info.order_id}`}>订单详情</Link>}
            actions={[
              info.verifiable ? (
                <Popconfirm key="verify" title={`确认核销订单 ${info.order_no}？`} description="核销后不可撤销" okText="确认核销" onConfirm={verify}>
                  <Button type="primary">核销</Button>
                </Popconfirm>
              ) : (
                <Button key="verify" disabled>
                  当前状态不能核销
                </Button>
              ),
            ]}
          >
            <Descriptions column={2} size="small">
              <Descriptions.Item label="订单类型">{info.order_type_name}</Descriptions.Item>
              <Descriptions.Item label="状态">
                <Tag color={STATUS_COLORS[info.order_status]}>{info.order_status_name}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label="买家">{info.buyer || "—"}</Descriptions.Item>
              {info.store_name && <Descriptions.Item label="自提门店">{info.store_name}</Descriptions.Item>}
              <Descriptions.Item label="实付金额">¥{info.pay_money}</Descriptions.Item>
              <Descriptions.Item label="下单时间">{fullTime(info.create_time)}</Descriptions.Item>
            </Descriptions>
            <List
              size="small"
              dataSource={info.goods_list}
              renderItem={(line) => (
                <List.Item>
                  <Space>
                    <Image src={pictureUrl(line.sku_image)} width={40} height={40} alt="" preview={false} />
                    {line.sku_name} × {line.num}
                  </Space>
                </List.Item>
              )}
            />
          </Card>
        )}
      </Space>
    </ConsolePage>
  );
}
