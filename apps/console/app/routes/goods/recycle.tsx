import { useCallback, useEffect, useState } from "react";
import { App, Button, Form, Image, Input, Popconfirm, Space, Table, Typography } from "antd";
import type { Page } from "@shop/contract/codes";
import type { StaffGoodsItem } from "@shop/contract/domains/goods-admin";
import ConsolePage from "../../components/ConsolePage.tsx";
import { fullTime, pictureUrl } from "../../lib/format.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "回收站 - 商城管理后台" }];
}

/** Deleted goods: restore (back off the shelf) or delete for good (refused while orders refer to them). */
export default function GoodsRecyclePage() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const { query, setFilters, setPage } = useListQuery();
  const [data, setData] = useState<Page<StaffGoodsItem>>({ list: [], count: 0, page_count: 0 });
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);

  const load = useCallback(async () => {
    setLoading(true);
    const page = await call("/shopapi/goods/recycle", { page: query.page, page_size: query.pageSize, search_text: query.filters.search_text ?? "" });
    setLoading(false);
    if (page) setData(page);
  }, [call, query]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (action: "restore" | "forever", ids: number[]) => {
    const done = await call(action === "restore" ? "/shopapi/goods/recoverygoods" : "/shopapi/goods/deleterecyclegoods", { goods_ids: ids });
    if (!done) return;
    void message.success(action === "restore" ? `已恢复 ${done.changed} 件商品（在仓库中）` : `已彻底删除 ${done.changed} 件商品`);
    setSelected([]);
    void load();
  };

  return (
    <ConsolePage
      title="回收站"
      filters={
        <Form layout="inline" key={query.filters.search_text ?? ""} initialValues={{ search_text: query.filters.search_text ?? "" }} onFinish={(values: { search_text?: string }) => setFilters({ search_text: (values.search_text ?? "").trim() })}>
          <Form.Item name="search_text" label="搜索">
            <Input placeholder="商品名称或 SKU 编码" allowClear style={{ width: 220 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
          </Form.Item>
        </Form>
      }
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text type="secondary">已选 {selected.length} 件</Typography.Text>
        <Button disabled={!selected.length} onClick={() => void act("restore", selected)}>
          批量恢复
        </Button>
        <Popconfirm title={`彻底删除选中的 ${selected.length} 件商品？`} description="删除后不可恢复；有订单的商品不能彻底删除" onConfirm={() => act("forever", selected)} disabled={!selected.length}>
          <Button danger disabled={!selected.length}>
            彻底删除
          </Button>
        </Popconfirm>
      </Space>
      <Table<StaffGoodsItem>
        rowKey="goods_id"
        loading={loading}
        dataSource={data.list}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={tablePagination(query, data.count, setPage)}
        columns={[
          {
            title: "商品",
            key: "goods",
            render: (_, goods) => (
              <Space>
                <Image src={pictureUrl(goods.goods_image)} width={48} height={48} alt="" preview={false} />
                {goods.goods_name}
              </Space>
            ),
          },
          { title: "价格(元)", key: "price", dataIndex: "price" },
          { title: "库存", key: "goods_stock", dataIndex: "goods_stock" },
          { title: "删除时间", key: "delete_time", render: (_, goods) => fullTime(goods.delete_time) },
          {
            title: "操作",
            key: "actions",
            render: (_, goods) => (
              <Space>
                <Button type="link" size="small" onClick={() => void act("restore", [goods.goods_id])}>
                  恢复
                </Button>
                <Popconfirm title={`彻底删除「${goods.goods_name}」？`} description="删除后不可恢复" onConfirm={() => act("forever", [goods.goods_id])}>
                  <Button type="link" size="small" danger>
                    彻底删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </ConsolePage>
  );
}
