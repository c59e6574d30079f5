import { useCallback, useEffect, useState } from "react";
import { App, Button, Form, Popconfirm, Select, Space, Table, Tag, Typography } from "antd";
import type { Page } from "@shop/contract/codes";
import type { RechargePackage } from "@shop/contract/domains/recharge";
import { fullTime } from "../../lib/format.ts";
import { tablePagination, type ListQuery } from "../../lib/use-list-query.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import RechargeDrawer from "./RechargeDrawer.tsx";

type PackageStatus = "all" | "0" | "1";
const statusOf = (value: string | undefined): PackageStatus => (value === "0" || value === "1" ? value : "all");

/** What a package gives besides its face value: "10 积分、5 成长值、满100减20". */
function bonusText(pack: RechargePackage): string {
  const parts = [pack.point > 0 ? `${pack.point} 积分` : "", pack.growth > 0 ? `${pack.growth} 成长值` : "", ...pack.coupon_list.map((coupon) => coupon.coupon_name || coupon.coupon_desc)].filter(Boolean);
  return parts.length ? parts.join("、") : "—";
}

/** 充值套餐 tab: every package (上架/下架 filter in the URL), add, edit, put on or take off sale. */
export default function RechargePackageTable({ query, setFilters, setPage, adding, onAdded }: {
  query: ListQuery;
  setFilters: (filters: Record<string, string | undefined>) => void;
  setPage: (page: number, pageSize?: number) => void;
  adding: boolean;
  onAdded: () => void;
}) {
  const call = useStaffCall();
  const { message } = App.useApp();
  const [data, setData] = useState<Page<RechargePackage>>({ list: [], count: 0, page_count: 0 });
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<RechargePackage | null>(null);
  const status = statusOf(query.filters.status);

  const load = useCallback(async () => {
    setLoading(true);
    const page = await call("/shopapi/memberrecharge/lists", { page: query.page, page_size: query.pageSize, status });
    setLoading(false);
    if (page) setData(page);
  }, [call, query.page, query.pageSize, status]);
  useEffect(() => {
    void load();
  }, [load]);

  const setStatus = async (pack: RechargePackage, next: 0 | 1) => {
    if (await call("/shopapi/memberrecharge/setstatus", { recharge_id: pack.recharge_id, status: next })) {
      void message.success(next ? `「${pack.recharge_name}」已上架` : `「${pack.recharge_name}」已下架`);
      void load();
    }
  };

  return (
    <>
      <div className="console-page__filters">
        <Form layout="inline" key={status} initialValues={{ status }} onFinish={(values: { status: PackageStatus }) => setFilters({ status: values.status === "all" ? "" : values.status })} aria-label="筛选充值套餐">
          <Form.Item name="status" label="状态">
            <Select aria-label="状态" style={{ width: 120 }} options={[{ value: "all", label: "全部" }, { value: "1", label: "上架中" }, { value: "0", label: "已下架" }]} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
          </Form.Item>
        </Form>
      </div>
      <Table<RechargePackage>
        rowKey="recharge_id"
        loading={loading}
        dataSource={data.list}
        pagination={tablePagination(query, data.count, setPage)}
        scroll={{ x: 1240 }}
        locale={{ emptyText: status === "all" ? "还没有充值套餐" : "没有匹配的充值套餐" }}
        columns={[
          { title: "套餐名称", dataIndex: "recharge_name", width: 200, render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
          { title: "面值", dataIndex: "face_value", width: 110, align: "right", render: (money: string) => `¥${money}` },
          { title: "售价", dataIndex: "buy_price", width: 110, align: "right", render: (money: string) => `¥${money}` },
          { title: "赠送", key: "bonus", render: (_, pack) => bonusText(pack) },
          { title: "已售", dataIndex: "sale_num", width: 80, align: "right" },
          { title: "排序", dataIndex: "sort", width: 70, align: "right" },
          { title: "状态", dataIndex: "status", width: 90, render: (value: number) => (value === 1 ? <Tag color="green">上架中</Tag> : <Tag>已下架</Tag>) },
          { title: "创建时间", dataIndex: "create_time", width: 150, render: (time: number) => fullTime(time) },
          {
            title: "操作",
            key: "actions",
            width: 130,
            fixed: "right",
            render: (_, pack) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(pack)}>
                  编辑
                </Button>
                {pack.status === 1 ? (
                  <Popconfirm title={`下架「${pack.recharge_name}」？`} description="下架后会员不能再购买，已有订单不受影响" onConfirm={() => setStatus(pack, 0)}>
                    <Button type="link" size="small" danger>
                      下架
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button type="link" size="small" onClick={() => void setStatus(pack, 1)}>
                    上架
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <RechargeDrawer
        open={adding || editing !== null}
        pack={editing}
        onClose={() => {
          setEditing(null);
          onAdded();
        }}
        onSaved={() => void load()}
      />
    </>
  );
}
