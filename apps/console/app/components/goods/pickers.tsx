import { useEffect, useState } from "react";
import { Cascader, Select } from "antd";
import type { AdminCategoryNode } from "@shop/contract/domains/admin-catalog";
import { useStaffCall } from "../../lib/use-staff-call.ts";

/**
 * Pickers of the goods pages, reading the back office's taxonomy calls (goodscategory, goodsbrand,
 * goodsservice, goodslabel, express templates): hidden categories and brands without goods too.
 */
interface CascaderOption {
  value: number;
  label: string;
  children?: CascaderOption[];
}

const toOptions = (nodes: AdminCategoryNode[]): CascaderOption[] =>
  nodes.map((node) => ({ value: node.category_id, label: node.category_name, ...(node.child_list?.length ? { children: toOptions(node.child_list) } : {}) }));

export function useCategoryOptions(): CascaderOption[] {
  const call = useStaffCall();
  const [options, setOptions] = useState<CascaderOption[]>([]);
  useEffect(() => {
    void call("/shopapi/goodscategory/lists", {}).then((tree) => tree && setOptions(toOptions(tree)));
  }, [call]);
  return options;
}

/** The category path (level 1 first), any level selectable. */
export function CategoryPicker(props: { value?: number[]; onChange?: (value: number[]) => void; "aria-label"?: string; id?: string }) {
  const options = useCategoryOptions();
  return (
    <Cascader
      id={props.id}
      options={options}
      value={props.value}
      onChange={(value) => props.onChange?.((value ?? []) as number[])}
      changeOnSelect
      showSearch
      placeholder="选择商品分类"
      aria-label={props["aria-label"] ?? "商品分类"}
      style={{ width: 320 }}
    />
  );
}

export function useBrandOptions(): Array<{ value: number; label: string }> {
  const call = useStaffCall();
  const [options, setOptions] = useState<Array<{ value: number; label: string }>>([]);
  useEffect(() => {
    void call("/shopapi/goodsbrand/lists", { page: 1, page_size: 100 }).then((page) => page && setOptions(page.list.map((brand) => ({ value: brand.brand_id, label: brand.brand_name }))));
  }, [call]);
  return options;
}

export function BrandPicker(props: { value?: number; onChange?: (value: number) => void; id?: string; allowAll?: boolean }) {
  const options = useBrandOptions();
  return (
    <Select
      id={props.id}
      value={props.value || undefined}
      onChange={(value) => props.onChange?.(value ?? 0)}
      options={options}
      showSearch={{ optionFilterProp: "label" }}
      allowClear
      placeholder={props.allowAll ? "全部品牌" : "选择品牌（可不选）"}
      aria-label="品牌"
      style={{ width: 220 }}
    />
  );
}

type Option = { value: number; label: string };

/** Goods services, labels and freight templates as select options. */
export function useTaxonomyOptions(): { services: Option[]; labels: Option[]; templates: Option[] } {
  const call = useStaffCall();
  const [options, setOptions] = useState<{ services: Option[]; labels: Option[]; templates: Option[] }>({ services: [], labels: [], templates: [] });
  useEffect(() => {
    void Promise.all([call("/shopapi/goodsservice/lists", {}), call("/shopapi/goodslabel/lists", {}), call("/shopapi/express/template", {})]).then(([services, labels, templates]) =>
      setOptions({
        services: (services ?? []).map((service) => ({ value: service.id, label: service.service_name })),
        labels: (labels ?? []).map((label) => ({ value: label.id, label: label.label_name })),
        templates: (templates ?? []).map((template) => ({ value: template.template_id, label: template.template_name })),
      }),
    );
  }, [call]);
  return options;
}
