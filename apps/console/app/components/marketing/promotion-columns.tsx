import { Button, Popconfirm, Space, Tag, Typography } from "antd";
import type { ColumnType } from "antd/es/table";
import { fullTime } from "../../lib/format.ts";

/** Wire status of group buys and combos → tag colour: 1 未开始, 2 进行中, 3 已结束, -1 已关闭. */
const STATUS_COLORS: Record<number, string> = { 1: "blue", 2: "green", 3: "default", [-1]: "red" };

interface Phased {
  start_time: number;
  end_time: number;
  order_money: string;
  status: number;
  status_name: string;
}

/**
 * The columns the phased promotion lists (拼团, 组合套餐) share after their own: when it runs, its own
 * sales columns, what it sold for, its status, and 编辑 / 关闭 (with a confirmation) while it has not ended.
 */
export function phasedPromotionColumns<T extends Phased>(actions: {
  /** what it sold, in its own units (件, 套) */
  sales: ColumnType<T>[];
  name: (row: T) => string;
  /** what closing does, in the confirmation */
  closeEffect: string;
  onEdit: (row: T) => void;
  onClose: (row: T) => void;
}): ColumnType<T>[] {
  return [
    { title: "活动时间", key: "time", width: 180, render: (_, row) => <>{fullTime(row.start_time)}<br />{fullTime(row.end_time)}</> },
    ...actions.sales,
    { title: "成交金额", dataIndex: "order_money", width: 110, align: "right", render: (money: string) => `¥${money}` },
    { title: "状态", dataIndex: "status_name", width: 90, render: (name: string, row) => <Tag color={STATUS_COLORS[row.status]}>{name}</Tag> },
    {
      title: "操作",
      key: "actions",
      width: 130,
      fixed: "right",
      render: (_, row) =>
        row.status === 1 || row.status === 2 ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => actions.onEdit(row)}>
              编辑
            </Button>
            <Popconfirm title={`关闭「${actions.name(row)}」？`} description={actions.closeEffect} onConfirm={() => actions.onClose(row)}>
              <Button type="link" size="small" danger>
                关闭
              </Button>
            </Popconfirm>
          </Space>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];
}
