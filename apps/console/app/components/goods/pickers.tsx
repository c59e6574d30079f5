import { useCallback, useEffect, useRef, useState } from "react";
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

type BrandOption = { value: number; label: string };

/**
 * Brand options searched on the server (a shop may have thousands): the first 50 by sort, the
 * matches of what the staff member types, and always the chosen brand, so it shows its name.
 */
function useBrandSearch(selected: number | undefined): { options: BrandOption[]; search(text: string): void; searching: boolean } {
  const call = useStaffCall();
  const [found, setFound] = useState<BrandOption[]>([]);
  const [chosen, setChosen] = useState<BrandOption | null>(null);
  const [searching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const toOptions = (page: { list: Array<{ brand_id: number; brand_name: string }> } | undefined) => (page?.list ?? []).map((brand) => ({ value: brand.brand_id, label: brand.brand_name }));
  const search = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        setSearching(true);
        void call("/shopapi/goodsbrand/lists", { page: 1, page_size: 50, ...(text.trim() ? { search_text: text.trim().slice(0, 50) } : {}) })
          .then((page) => setFound(toOptions(page)))
          .finally(() => setSearching(false));
      }, text ? 250 : 0);
    },
    [call],
  );
  useEffect(() => {
    search("");
    return () => clearTimeout(timer.current);
  }, [search]);
  useEffect(() => {
    if (!selected || chosen?.value === selected) return;
    void call("/shopapi/goodsbrand/lists", { brand_id: selected, page: 1, page_size: 1 }).then((page) => setChosen(toOptions(page)[0] ?? null));
  }, [call, selected, chosen]);
  const options = chosen && !found.some((option) => option.value === chosen.value) ? [chosen, ...found] : found;
  return { options, search, searching };
}

export function BrandPicker(props: { value?: number; onChange?: (value: number) => void; id?: string; allowAll?: boolean }) {
  const { options, search, searching } = useBrandSearch(props.value || undefined);
  return (
    <Select
      id={props.id}
      value={props.value || undefined}
      onChange={(value) => props.onChange?.(value ?? 0)}
      options={options}
      showSearch={{ filterOption: false, onSearch: search }}
      loading={searching}
      notFoundContent={searching ? "搜索中…" : "没有找到品牌"}
      allowClear
      placeholder={props.allowAll ? "全部品牌" : "选择品牌（可搜索）"}
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
