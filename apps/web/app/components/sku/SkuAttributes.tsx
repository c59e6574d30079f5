import type { GoodsAttr } from "@shop/contract";

/** goods_attr_format as a list; unreadable JSON shows nothing. */
export function parseAttributes(json: string): GoodsAttr[] {
  try {
    const parsed: unknown = JSON.parse(json || "[]");
    return Array.isArray(parsed) ? parsed.filter((attr): attr is GoodsAttr => Boolean(attr?.attr_name)) : [];
  } catch {
    return [];
  }
}

/** The goods' attributes (品牌, 材质 …) above the description, three to a row. */
export function SkuAttributes({ attributes, goodsName }: { attributes: GoodsAttr[]; goodsName: string }) {
  return (
    <ul className="sku-attrs">
      <li title={goodsName}>商品名称：{goodsName}</li>
      {attributes.map((attr) => (
        <li key={attr.attr_name} title={`${attr.attr_name}：${attr.attr_value_name}`}>
          {attr.attr_name}：{attr.attr_value_name}
        </li>
      ))}
    </ul>
  );
}
