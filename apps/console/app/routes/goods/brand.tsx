import { Button, Form, Image, Input, InputNumber, Space, Switch, Table, Tag } from "antd";
import { MAX_SORT, type AdminBrand } from "@shop/contract/domains/admin-catalog";
import ConsolePage from "../../components/ConsolePage.tsx";
import ListFilters, { type FilterField } from "../../components/ListFilters.tsx";
import RowActions from "../../components/RowActions.tsx";
import ImageField from "../../components/ImageField.tsx";
import FormDrawer from "../../components/catalog/FormDrawer.tsx";
import { maxLength, requiredName, sortRules } from "../../components/catalog/rules.ts";
import { pictureUrl } from "../../lib/format.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { useRecordDrawer } from "../../lib/use-record-drawer.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import { NO_PAGE, useStaffQuery } from "../../lib/use-staff-query.ts";

export function meta() {
  return [{ title: "商品品牌 - 商城管理后台" }];
}

interface BrandValues {
  brand_name: string;
  brand_initial: string;
  image_url: string;
  banner: string;
  brand_desc: string;
  is_recommend: boolean;
  sort: number;
}

const EMPTY: Partial<BrandValues> = { brand_name: "", brand_initial: "", image_url: "", banner: "", brand_desc: "", is_recommend: false, sort: 0 };

const FILTER_FIELDS: FilterField[] = [{ kind: "text", name: "search_text", label: "品牌名称", placeholder: "搜索品牌", width: 220, maxLength: 50 }];

/** Brands: search and paging in the URL; the storefront's brand wall shows brands that have goods on sale, by sort. */
export default function BrandPage() {
  const call = useStaffCall();
  const { query, setFilters, setPage } = useListQuery();
  const searchText = query.filters.search_text ?? "";
  const { data, loading, reload, refreshAfter } = useStaffQuery("/shopapi/goodsbrand/lists", { page: query.page, page_size: query.pageSize, search_text: searchText }, NO_PAGE);
  const editor = useRecordDrawer<AdminBrand, BrandValues>({
    noun: "品牌",
    nameOf: (values) => values.brand_name,
    empty: EMPTY,
    valuesOf: (brand) => ({ ...brand, is_recommend: brand.is_recommend === 1 }),
    save: (values, brand) => {
      const body = {
        brand_name: values.brand_name,
        brand_initial: values.brand_initial ?? "",
        image_url: values.image_url ?? "",
        banner: values.banner ?? "",
        brand_desc: values.brand_desc ?? "",
        is_recommend: values.is_recommend ? 1 : 0,
        sort: values.sort ?? 0,
      };
      return brand ? call("/shopapi/goodsbrand/editbrand", { brand_id: brand.brand_id, ...body }) : call("/shopapi/goodsbrand/addbrand", body);
    },
    onSaved: reload,
  });

  const remove = (brand: AdminBrand) => refreshAfter(call("/shopapi/goodsbrand/deletebrand", { brand_id: brand.brand_id }), `已删除品牌「${brand.brand_name}」`);
  const resort = async (brand: AdminBrand, sort: number | null) => {
    if (sort !== null && sort !== brand.sort) await refreshAfter(call("/shopapi/goodsbrand/modifysort", { brand_id: brand.brand_id, sort }), "排序已保存");
  };

  return (
    <ConsolePage title="商品品牌" extra={<Button type="primary" onClick={editor.openNew}>添加品牌</Button>} filters={<ListFilters fields={FILTER_FIELDS} filters={query.filters} onSearch={setFilters} />}>
      <Table<AdminBrand>
        rowKey="brand_id"
        loading={loading}
        dataSource={data.list}
        pagination={tablePagination(query, data.count, setPage)}
        locale={{ emptyText: searchText ? "没有匹配的品牌" : "还没有品牌" }}
        columns={[
          {
            title: "Logo",
            dataIndex: "image_url",
            width: 90,
            render: (url: string, brand) => (url ? <Image src={pictureUrl(url)} width={64} height={32} style={{ objectFit: "contain" }} alt={brand.brand_name} preview={false} /> : "—"),
          },
          { title: "品牌名称", dataIndex: "brand_name", render: (name: string, brand) => <Space>{name}{brand.is_recommend === 1 && <Tag color="orange">推荐</Tag>}</Space> },
          { title: "首字母", dataIndex: "brand_initial", width: 80, align: "center" },
          { title: "商品数", dataIndex: "goods_count", width: 90, align: "right" },
          {
            title: "排序",
            dataIndex: "sort",
            width: 110,
            render: (sort: number, brand) => (
              <InputNumber
                size="small"
                min={0}
                max={MAX_SORT}
                precision={0}
                defaultValue={sort}
                key={`${brand.brand_id}:${sort}`}
                aria-label={`${brand.brand_name} 的排序`}
                onBlur={(event) => void resort(brand, event.target.value === "" ? null : Number(event.target.value))}
                onPressEnter={(event) => (event.target as HTMLInputElement).blur()}
                style={{ width: 80 }}
              />
            ),
          },
          {
            title: "操作",
            key: "actions",
            width: 150,
            render: (_, brand) => (
              <RowActions
                onEdit={() => editor.openEdit(brand)}
                remove={{
                  title: `删除品牌「${brand.brand_name}」？`,
                  description: brand.goods_count > 0 ? `还有 ${brand.goods_count} 个商品属于该品牌，须先修改它们的品牌` : "删除后不可恢复",
                  onConfirm: () => remove(brand),
                }}
              />
            ),
          },
        ]}
      />
      <FormDrawer<BrandValues> {...editor.drawerProps}>
        <Form.Item name="brand_name" label="品牌名称" rules={requiredName("品牌名称", 50)}>
          <Input maxLength={50} showCount autoFocus />
        </Form.Item>
        <Form.Item
          name="brand_initial"
          label="首字母"
          extra="品牌墙按首字母分组；留空则按名称自动取首字母"
          normalize={(value: string) => value.toUpperCase()}
          rules={[{ pattern: /^[A-Z#]?$/, message: "首字母只能是 A–Z 或 #" }]}
        >
          <Input maxLength={1} style={{ width: 80 }} />
        </Form.Item>
        <Form.Item name="image_url" label="品牌 Logo">
          <ImageField kind="goods" aria-label="品牌 Logo" />
        </Form.Item>
        <Form.Item name="banner" label="品牌横幅">
          <ImageField kind="goods" aria-label="品牌横幅" />
        </Form.Item>
        <Form.Item name="brand_desc" label="品牌介绍" rules={maxLength("品牌介绍", 1000)}>
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
        <Space size="large">
          <Form.Item name="is_recommend" label="推荐品牌" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）" rules={sortRules}>
            <InputNumber min={0} max={MAX_SORT} precision={0} />
          </Form.Item>
        </Space>
      </FormDrawer>
    </ConsolePage>
  );
}
