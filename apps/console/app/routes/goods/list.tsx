import { useCallback, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { App, Button, Cascader, Form, Image, Input, Popconfirm, Select, Space, Table, Tag, Typography } from "antd";
import type { SortOrder } from "antd/es/table/interface";
import type { Page } from "@shop/contract/codes";
import type { StaffGoodsItem } from "@shop/contract/domains/goods-admin";
import ConsolePage from "../../components/ConsolePage.tsx";
import { BrandPicker, useCategoryOptions } from "../../components/goods/pickers.tsx";
import { fullTime, pictureUrl } from "../../lib/format.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { downloadFile } from "../../lib/download.ts";
import { useStaffCall, useStaffErrorHandler } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "商品列表 - 商城管理后台" }];
}

/** Table column → the list call's `order`. */
const SORTABLE: Record<string, string> = { price: "price", goods_stock: "stock", sale_num: "sale_num", create_time: "create_time", sort: "sort" };
const sortOrderOf = (column: string, sort: string, order: string): SortOrder => (SORTABLE[column] === sort ? (order === "asc" ? "ascend" : order === "desc" ? "descend" : null) : null);

/** The goods list: filters, sorting and paging in the URL; batch on/off shelf and delete to the recycle bin. */
export default function GoodsListPage() {
  const call = useStaffCall();
  const handle = useStaffErrorHandler();
  const { message } = App.useApp();
  const { query, setFilters, setPage, setSort } = useListQuery();
  const [data, setData] = useState<Page<StaffGoodsItem>>({ list: [], count: 0, page_count: 0 });
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const categories = useCategoryOptions();
  const { filters } = query;

  /** The URL's filters as the list and the export take them. */
  const selection = useMemo(
    () => ({
      search_text: filters.search_text ?? "",
      category_id: Number(filters.category_id ?? 0),
      brand_id: Number(filters.brand_id ?? 0),
      goods_state: filters.goods_state === undefined || filters.goods_state === "" ? undefined : Number(filters.goods_state),
      stockalarm: filters.stockalarm === "1" ? 1 : 0,
    }),
    [filters],
  );
  const load = useCallback(async () => {
    setLoading(true);
    const page = await call("/shopapi/goods/lists", {
      page: query.page,
      page_size: query.pageSize,
      ...selection,
      order: (query.sort || "") as "",
      sort: query.order === "asc" ? "asc" : "desc",
    });
    setLoading(false);
    if (page) setData(page);
  }, [call, query, selection]);
  const [exporting, setExporting] = useState(false);
  const exportGoods = async () => {
    setExporting(true);
    await downloadFile("/shopapi/goods/exportgoods", selection, "商品导出.xlsx").catch(handle);
    setExporting(false);
  };

  useEffect(() => {
    void load();
  }, [load]);

  const batch = async (action: "on" | "off" | "delete", ids: number[]) => {
    const done =
      action === "delete"
        ? await call("/shopapi/goods/deletegoods", { goods_ids: ids })
        : await call("/shopapi/goods/editgoodsstate", { goods_ids: ids, goods_state: action === "on" ? 1 : 0 });
    if (!done) return;
    void message.success(action === "delete" ? `已将 ${done.changed} 件商品移入回收站` : `已${action === "on" ? "上架" : "下架"} ${done.changed} 件商品`);
    setSelected([]);
    void load();
  };
  const copy = async (goodsId: number) => {
    const copied = await call("/shopapi/goods/copygoods", { goods_id: goodsId });
    if (copied) {
      void message.success("已复制，新商品在仓库中");
      void load();
    }
  };

  const filterBar = (
    <Form layout="inline" onFinish={(values: Record<string, string | number | undefined>) => setFilters({ search_text: String(values.search_text ?? "").trim() })} initialValues={{ search_text: filters.search_text ?? "" }} key={filters.search_text ?? ""}>
      <Form.Item name="search_text" label="搜索">
        <Input placeholder="商品名称或 SKU 编码" allowClear style={{ width: 220 }} />
      </Form.Item>
      <Form.Item label="分类">
        <Cascader
          options={categories}
          changeOnSelect
          value={filters.category_path ? filters.category_path.split("-").map(Number) : undefined}
          onChange={(path) => {
            const ids = (path ?? []) as number[];
            setFilters({ category_id: ids.length ? String(ids[ids.length - 1]) : undefined, category_path: ids.length ? ids.join("-") : undefined });
          }}
          placeholder="全部分类"
          aria-label="分类"
          style={{ width: 220 }}
        />
      </Form.Item>
      <Form.Item label="品牌">
        <BrandPicker allowAll value={Number(filters.brand_id ?? 0)} onChange={(brandId) => setFilters({ brand_id: brandId ? String(brandId) : undefined })} />
      </Form.Item>
      <Form.Item label="状态">
        <Select
          value={filters.goods_state ?? ""}
          onChange={(value: string) => setFilters({ goods_state: value })}
          options={[{ value: "", label: "全部" }, { value: "1", label: "销售中" }, { value: "0", label: "仓库中" }]}
          aria-label="状态"
          style={{ width: 110 }}
        />
      </Form.Item>
      <Form.Item label="库存">
        <Select
          value={filters.stockalarm ?? ""}
          onChange={(value: string) => setFilters({ stockalarm: value })}
          options={[{ value: "", label: "全部" }, { value: "1", label: "库存预警" }]}
          aria-label="库存"
          style={{ width: 120 }}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form.Item>
    </Form>
  );

  return (
    <ConsolePage
      title="商品列表"
      extra={
        <Space>
          <Button onClick={() => void exportGoods()} loading={exporting} title="按当前筛选导出 Excel（每个 SKU 一行，可再导入）">
            导出
          </Button>
          <Link to="/goods/import">
            <Button>导入</Button>
          </Link>
          <Link to="/goods/add">
            <Button type="primary">发布商品</Button>
          </Link>
        </Space>
      }
      filters={filterBar}
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text type="secondary">已选 {selected.length} 件</Typography.Text>
        <Button disabled={!selected.length} onClick={() => void batch("on", selected)}>
          批量上架
        </Button>
        <Button disabled={!selected.length} onClick={() => void batch("off", selected)}>
          批量下架
        </Button>
        <Popconfirm title={`将选中的 ${selected.length} 件商品移入回收站？`} description="可在回收站恢复" onConfirm={() => batch("delete", selected)} disabled={!selected.length}>
          <Button danger disabled={!selected.length}>
            批量删除
          </Button>
        </Popconfirm>
      </Space>
      <Table<StaffGoodsItem>
        rowKey="goods_id"
        loading={loading}
        dataSource={data.list}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={tablePagination(query, data.count, setPage)}
        onChange={(_pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const column = String(one?.columnKey ?? "");
          if (one && SORTABLE[column] !== undefined) setSort(SORTABLE[column]!, one.order === "ascend" ? "asc" : one.order === "descend" ? "desc" : "");
        }}
        scroll={{ x: true }}
        columns={[
          {
            title: "商品",
            key: "goods",
            width: 320,
            render: (_, goods) => (
              <Space>
                <Image src={pictureUrl(goods.goods_image)} width={48} height={48} alt="" preview={false} />
                <div>
                  <Link to={`/goods/edit/${goods.goods_id}`}>{goods.goods_name}</Link>
                  <div>
                    {goods.goods_class === 2 && <Tag>虚拟</Tag>}
                    {goods.label_name && <Tag color="blue">{goods.label_name}</Tag>}
                    {goods.brand_name && <Typography.Text type="secondary">{goods.brand_name}</Typography.Text>}
                  </div>
                </div>
              </Space>
            ),
          },
          { title: "价格(元)", key: "price", dataIndex: "price", width: 100, sorter: true, sortOrder: sortOrderOf("price", query.sort, query.order) },
          {
            title: "库存",
            key: "goods_stock",
            width: 110,
            sorter: true,
            sortOrder: sortOrderOf("goods_stock", query.sort, query.order),
            render: (_, goods) => (
              <Space direction="vertical" size={0}>
                {goods.goods_stock}
                {goods.stock_alarm_count > 0 && <Tag color="orange">{goods.stock_alarm_count} 个规格预警</Tag>}
              </Space>
            ),
          },
          { title: "销量", key: "sale_num", dataIndex: "sale_num", width: 90, sorter: true, sortOrder: sortOrderOf("sale_num", query.sort, query.order) },
          {
            title: "状态",
            key: "goods_state",
            width: 110,
            render: (_, goods) => (
              <Space direction="vertical" size={0}>
                {goods.goods_state === 1 ? <Tag color="green">销售中</Tag> : <Tag>仓库中</Tag>}
                {goods.timer_on > 0 && <Typography.Text type="secondary">{fullTime(goods.timer_on)} 上架</Typography.Text>}
                {goods.timer_off > 0 && <Typography.Text type="secondary">{fullTime(goods.timer_off)} 下架</Typography.Text>}
              </Space>
            ),
          },
          { title: "排序", key: "sort", dataIndex: "sort", width: 80, sorter: true, sortOrder: sortOrderOf("sort", query.sort, query.order) },
          { title: "创建时间", key: "create_time", width: 150, sorter: true, sortOrder: sortOrderOf("create_time", query.sort, query.order), render: (_, goods) => fullTime(goods.create_time) },
          {
            title: "操作",
            key: "actions",
            fixed: "right",
            width: 200,
            render: (_, goods) => (
              <Space wrap>
                <Link to={`/goods/edit/${goods.goods_id}`}>编辑</Link>
                <Button type="link" size="small" onClick={() => void batch(goods.goods_state === 1 ? "off" : "on", [goods.goods_id])}>
                  {goods.goods_state === 1 ? "下架" : "上架"}
                </Button>
                <Button type="link" size="small" onClick={() => void copy(goods.goods_id)}>
                  复制
                </Button>
                <Popconfirm title={`将「${goods.goods_name}」移入回收站？`} onConfirm={() => batch("delete", [goods.goods_id])}>
                  <Button type="link" size="small" danger>
                    删除
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
