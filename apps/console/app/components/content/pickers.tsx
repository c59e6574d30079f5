import { useEffect, useMemo, useRef, useState } from "react";
import { Select, TreeSelect } from "antd";
import type { CategoryNode } from "@shop/contract";
import type { PickableGoods } from "@shop/contract/domains/admin-content";
import { useStaffCall } from "../../lib/use-staff-call.ts";

/**
 * Goods of a floor block, picked from the catalogue by name or id (/shopapi/pc/goodsselect), in
 * the order picked (the floor shows them in this order). A form field: value = goods ids.
 */
export function GoodsPicker({ value = [], onChange, max, label }: { value?: number[]; onChange?: (ids: number[]) => void; max?: number; label: string }) {
  const call = useStaffCall();
  const known = useRef(new Map<number, PickableGoods>());
  const [found, setFound] = useState<PickableGoods[]>([]);
  const [, setNamed] = useState(0);

  // Names of the goods already chosen (saved floors hold only ids).
  const missing = value.filter((id) => !known.current.has(id));
  const missingKey = missing.join(",");
  useEffect(() => {
    if (!missingKey) return;
    void call("/shopapi/pc/goodsselect", { goods_ids: missingKey.split(",").map(Number), page: 1, page_size: 50, search_text: "" }, { silent: true }).then((page) => {
      for (const goods of page?.list ?? []) known.current.set(goods.goods_id, goods);
      setNamed((count) => count + 1);
    });
  }, [call, missingKey]);

  const search = (text: string) =>
    void call("/shopapi/pc/goodsselect", { search_text: text.trim(), page: 1, page_size: 20 }, { silent: true }).then((page) => {
      for (const goods of page?.list ?? []) known.current.set(goods.goods_id, goods);
      setFound(page?.list ?? []);
    });
  useEffect(() => search(""), []); // eslint-disable-line react-hooks/exhaustive-deps -- the first page once

  const labelOf = (goods: PickableGoods) => `${goods.goods_name}（¥${goods.price}${goods.goods_state === 1 ? "" : "，未上架"}）`;
  const options = [...value.map((id) => known.current.get(id) ?? { goods_id: id, goods_name: `商品 ${id}`, price: "", goods_state: 1, goods_image: "", goods_stock: 0 }), ...found.filter((goods) => !value.includes(goods.goods_id))]
    .map((goods) => ({ value: goods.goods_id, label: labelOf(goods) }));

  return (
    <Select
      mode="multiple"
      aria-label={label}
      value={value}
      onChange={(ids: number[]) => onChange?.(ids)}
      options={options}
      filterOption={false}
      onSearch={search}
      showSearch
      maxCount={max}
      placeholder={`搜索商品名称或 ID${max ? `（最多 ${max} 个）` : ""}`}
      style={{ width: "100%" }}
    />
  );
}

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

const toTree = (nodes: CategoryNode[]): TreeOption[] => nodes.map((node) => ({ value: node.category_id, title: node.category_name, children: toTree(node.child_list ?? []) }));

/** Categories of a floor block (style 3's left column), from the shown category tree. A form field: value = category ids. */
export function CategoryPicker({ value = [], onChange, max, label }: { value?: number[]; onChange?: (ids: number[]) => void; max?: number; label: string }) {
  const call = useStaffCall();
  const [tree, setTree] = useState<CategoryNode[]>([]);
  useEffect(() => {
    void call("/api/goodscategory/tree", { level: 3 }).then((nodes) => setTree(nodes ?? []));
  }, [call]);
  const treeData = useMemo(() => toTree(tree), [tree]);
  return (
    <TreeSelect
      aria-label={label}
      multiple
      treeData={treeData}
      value={value}
      onChange={(ids: number[]) => onChange?.(max ? ids.slice(0, max) : ids)}
      showSearch
      treeNodeFilterProp="title"
      placeholder={`选择分类${max ? `（最多 ${max} 个）` : ""}`}
      style={{ width: "100%" }}
    />
  );
}
