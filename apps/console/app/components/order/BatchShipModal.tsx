import { useEffect, useState } from "react";
import { Alert, App, Input, Modal, Select, Space, Table, Typography } from "antd";
import type { StaffOrderListItem } from "@shop/contract";
import { ApiError } from "@shop/contract/client";
import { isTokenCode } from "@shop/contract/codes";
import { consoleApi } from "../../lib/api.ts";
import { useStaffErrorHandler } from "../../lib/use-staff-call.ts";
import { unshippedLines } from "./ShipDrawer.tsx";
import { useExpressCompanies } from "./use-express-companies.ts";

/**
 * 批量发货 of the chosen orders: one express company for all (changeable per order) and each order's
 * tracking number. Each order ships all its remaining lines in its own call (its own unit of work):
 * the ones that fail stay in the dialog with the server's reason, the shipped ones leave it.
 */
export default function BatchShipModal(props: { orders: StaffOrderListItem[]; open: boolean; onClose: () => void; onDone: () => void }) {
  const { orders, open, onClose, onDone } = props;
  const handle = useStaffErrorHandler();
  const { message } = App.useApp();
  const companies = useExpressCompanies(open);
  const [companyId, setCompanyId] = useState<number>();
  const [numbers, setNumbers] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [pending, setPending] = useState<StaffOrderListItem[]>([]);
  const [working, setWorking] = useState(false);

  useEffect(() => {
    if (!open) return;
    setPending(orders);
    setNumbers({});
    setErrors({});
  }, [open, orders]);

  const missing = pending.filter((order) => !(numbers[order.order_id] ?? "").trim());
  const ship = async () => {
    if (!companyId) return void message.error("请选择快递公司");
    if (missing.length) return void message.error(`请填写 ${missing.length} 个订单的快递单号`);
    setWorking(true);
    const failed: Record<number, string> = {};
    for (const order of pending) {
      try {
        await consoleApi.call("/shopapi/order/delivery", {
          order_id: order.order_id,
          packages: [{ delivery_type: 1, express_company_id: companyId, delivery_no: numbers[order.order_id]!.trim(), order_goods_ids: unshippedLines(order.order_goods).map((line) => line.order_goods_id), trace: [] }],
        });
      } catch (error) {
        // A dead session or the network stops the batch; an order's own refusal is noted on it.
        if (!(error instanceof ApiError) || isTokenCode(error.code)) {
          handle(error);
          break;
        }
        failed[order.order_id] = error.message;
      }
    }
    setWorking(false);
    const left = pending.filter((order) => failed[order.order_id]);
    const shippedCount = pending.length - left.length;
    if (shippedCount) void message.success(`已发货 ${shippedCount} 个订单`);
    setErrors(failed);
    setPending(left);
    onDone();
    if (!left.length) onClose();
  };

  return (
    <Modal title="批量发货" open={open} onCancel={onClose} onOk={() => void ship()} okText={`发货 ${pending.length} 个订单`} confirmLoading={working} width={760} destroyOnHidden>
      <Space direction="vertical" style={{ width: "100%" }}>
        <Space>
          快递公司
          <Select
            showSearch
            optionFilterProp="label"
            value={companyId}
            onChange={setCompanyId}
            options={companies.map((company) => ({ value: company.company_id, label: company.company_name }))}
            placeholder="选择快递公司"
            aria-label="批量发货快递公司"
            style={{ width: 200 }}
          />
        </Space>
        {Object.keys(errors).length > 0 && <Alert type="error" showIcon message="以下订单未能发货，请按原因处理后重试" />}
        <Table<StaffOrderListItem>
          rowKey="order_id"
          size="small"
          pagination={false}
          dataSource={pending}
          columns={[
            { title: "订单号", dataIndex: "order_no", width: 190 },
            { title: "收货人", key: "receiver", render: (_, order) => `${order.name} ${order.mobile}` },
            {
              title: "快递单号",
              key: "delivery_no",
              width: 220,
              render: (_, order) => (
                <Space direction="vertical" size={0}>
                  <Input
                    value={numbers[order.order_id] ?? ""}
                    maxLength={50}
                    onChange={(event) => setNumbers((current) => ({ ...current, [order.order_id]: event.target.value }))}
                    aria-label={`订单 ${order.order_no} 的快递单号`}
                    status={errors[order.order_id] ? "error" : undefined}
                  />
                  {errors[order.order_id] && <Typography.Text type="danger">{errors[order.order_id]}</Typography.Text>}
                </Space>
              ),
            },
          ]}
        />
      </Space>
    </Modal>
  );
}
