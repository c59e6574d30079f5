import { Button, Form, Image, Input, Space, Switch, Table, Tag } from "antd";
import type { AdminStore } from "@shop/contract/domains/admin-catalog";
import { OPENING_HOURS_PATTERN } from "@shop/contract/domains/admin-catalog";
import ConsolePage from "../../components/ConsolePage.tsx";
import ListFilters, { type FilterField } from "../../components/ListFilters.tsx";
import RowActions from "../../components/RowActions.tsx";
import ImageField from "../../components/ImageField.tsx";
import FormDrawer from "../../components/catalog/FormDrawer.tsx";
import RegionCascader from "../../components/catalog/RegionCascader.tsx";
import { requiredName } from "../../components/catalog/rules.ts";
import { pictureUrl } from "../../lib/format.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { useRecordDrawer } from "../../lib/use-record-drawer.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import { NO_PAGE, useStaffQuery } from "../../lib/use-staff-query.ts";

export function meta() {
  return [{ title: "门店管理 - 商城管理后台" }];
}

interface StoreValues {
  store_name: string;
  telphone: string;
  store_image: string;
  region: number[];
  address: string;
  open_date: string;
  longitude: string;
  latitude: string;
  status: boolean;
}

const EMPTY: Partial<StoreValues> = { store_name: "", telphone: "", store_image: "", region: [], address: "", open_date: "09:00-21:00", longitude: "", latitude: "", status: true };

const coordinateRule = (label: string, limit: number) => ({
  validator: (_: unknown, value?: string) =>
    !value || (/^-?\d{1,3}(\.\d{1,8})?$/.test(value) && Math.abs(Number(value)) <= limit) ? Promise.resolve() : Promise.reject(new Error(`${label}格式不正确`)),
});

const FILTER_FIELDS: FilterField[] = [
  { kind: "text", name: "search_text", label: "搜索", placeholder: "门店名称或地址", width: 220, maxLength: 50 },
  { kind: "select", name: "status", label: "状态", width: 110, options: [{ value: "1", label: "营业中" }, { value: "0", label: "已停业" }] },
];

/** Stores (门店 / 自提点): open ones are listed on the storefront and offered for pickup at checkout. */
export default function StorePage() {
  const call = useStaffCall();
  const { query, setFilters, setPage } = useListQuery();
  const searchText = query.filters.search_text ?? "";
  const status = query.filters.status ?? "";
  const { data, loading, reload, refreshAfter } = useStaffQuery(
    "/shopapi/store/lists",
    { page: query.page, page_size: query.pageSize, search_text: searchText, status: status === "" ? -1 : Number(status) },
    NO_PAGE,
  );
  const editor = useRecordDrawer<AdminStore, StoreValues>({
    noun: "门店",
    nameOf: (values) => values.store_name,
    empty: EMPTY,
    valuesOf: (store) => ({ ...store, status: store.status === 1, region: store.province_id ? [store.province_id, store.city_id, store.district_id] : [] }),
    save: (values, store) => {
      const [province_id = 0, city_id = 0, district_id = 0] = values.region ?? [];
      const body = {
        store_name: values.store_name,
        telphone: values.telphone,
        store_image: values.store_image ?? "",
        province_id,
        city_id,
        district_id,
        address: values.address,
        open_date: values.open_date.replace(/\s+/g, ""),
        longitude: values.longitude ?? "",
        latitude: values.latitude ?? "",
        status: values.status ? 1 : 0,
      };
      return store ? call("/shopapi/store/editstore", { store_id: store.store_id, ...body }) : call("/shopapi/store/addstore", body);
    },
    onSaved: reload,
  });

  const setOpen = (store: AdminStore, open: boolean) =>
    refreshAfter(
      call("/shopapi/store/closestore", { store_id: store.store_id, status: open ? 1 : 0 }),
      open ? `「${store.store_name}」已开业` : `「${store.store_name}」已停业，商城不再显示`,
    );
  const remove = (store: AdminStore) => refreshAfter(call("/shopapi/store/deletestore", { store_id: store.store_id }), `已删除门店「${store.store_name}」`);

  return (
    <ConsolePage title="门店管理" extra={<Button type="primary" onClick={editor.openNew}>添加门店</Button>} filters={<ListFilters fields={FILTER_FIELDS} filters={query.filters} onSearch={setFilters} />}>
      <Table<AdminStore>
        rowKey="store_id"
        loading={loading}
        dataSource={data.list}
        pagination={tablePagination(query, data.count, setPage)}
        locale={{ emptyText: "还没有门店" }}
        columns={[
          { title: "图片", dataIndex: "store_image", width: 80, render: (path: string) => (path ? <Image src={pictureUrl(path)} width={48} height={48} style={{ objectFit: "cover" }} alt="" preview={false} /> : "—") },
          { title: "门店名称", dataIndex: "store_name", width: 180 },
          { title: "地址", dataIndex: "full_address", ellipsis: true },
          { title: "电话", dataIndex: "telphone", width: 140 },
          { title: "营业时间", dataIndex: "open_date", width: 120 },
          {
            title: "状态",
            dataIndex: "status",
            width: 140,
            render: (value: number, store) => (
              <Space>
                <Switch size="small" checked={value === 1} onChange={(checked) => void setOpen(store, checked)} aria-label={`${store.store_name} 营业`} />
                {value === 1 ? <Tag color="green">营业中</Tag> : <Tag>已停业</Tag>}
              </Space>
            ),
          },
          {
            title: "操作",
            key: "actions",
            width: 140,
            render: (_, store) => (
              <RowActions
                onEdit={() => editor.openEdit(store)}
                remove={{ title: `删除门店「${store.store_name}」？`, description: "已下的自提订单保留下单时的门店信息", onConfirm: () => remove(store) }}
              />
            ),
          },
        ]}
      />
      <FormDrawer<StoreValues> {...editor.drawerProps} width={560}>
        <Form.Item name="store_name" label="门店名称" rules={requiredName("门店名称", 50)}>
          <Input maxLength={50} showCount autoFocus />
        </Form.Item>
        <Form.Item
          name="telphone"
          label="联系电话"
          rules={[{ required: true, whitespace: true, message: "请输入联系电话" }, { pattern: /^[0-9+\-() ]{5,20}$/, message: "联系电话格式不正确" }]}
        >
          <Input placeholder="如 0755-88886666 或 13800138000" maxLength={20} />
        </Form.Item>
        <Form.Item name="region" label="所在地区" rules={[{ required: true, type: "array", len: 3, message: "请选择省、市、区" }]}>
          <RegionCascader aria-label="所在地区" />
        </Form.Item>
        <Form.Item name="address" label="详细地址" rules={requiredName("详细地址", 120)}>
          <Input maxLength={120} placeholder="街道、门牌号" />
        </Form.Item>
        <Form.Item
          name="open_date"
          label="营业时间"
          extra="自提时可选的时间在营业时间内"
          rules={[
            { required: true, message: "请输入营业时间" },
            {
              validator: (_, value?: string) => {
                const match = OPENING_HOURS_PATTERN.exec((value ?? "").trim());
                const ok = match !== null && Number(match[1]) * 60 + Number(match[2]) < Number(match[3]) * 60 + Number(match[4]);
                return ok ? Promise.resolve() : Promise.reject(new Error("营业时间格式应为 09:00-21:00，且开门早于关门"));
              },
            },
          ]}
        >
          <Input placeholder="09:00-21:00" style={{ width: 200 }} />
        </Form.Item>
        <Space size="large" align="start">
          <Form.Item name="longitude" label="经度（可选）" rules={[coordinateRule("经度", 180)]}>
            <Input placeholder="113.9442" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="latitude" label="纬度（可选）" rules={[coordinateRule("纬度", 90)]}>
            <Input placeholder="22.5405" style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Form.Item name="store_image" label="门店图片">
          <ImageField kind="goods" aria-label="门店图片" />
        </Form.Item>
        <Form.Item name="status" label="营业中" valuePropName="checked" extra="停业的门店不在商城显示，也不能选作自提点">
          <Switch />
        </Form.Item>
      </FormDrawer>
    </ConsolePage>
  );
}
