import { EXPLAIN_TYPE_NAMES, explainTypeFor, type BodyOf, type OrderEvaluateInfo } from "@shop/contract";

/** What /order/evaluate shows and sends: the page's mode, each line's draft, and the bodies of add and again. */

/** 评价 before the first evaluation, 追评 while the follow-up is open, otherwise what was written. */
export type EvaluatePageMode = "evaluate" | "again" | "done";

export function evaluatePageMode(info: Pick<OrderEvaluateInfo, "evaluate_status" | "again_end_time">, nowSeconds: number): EvaluatePageMode {
  if (info.evaluate_status === 0) return "evaluate";
  return info.evaluate_status === 1 && nowSeconds < info.again_end_time ? "again" : "done";
}

/** One line being evaluated (stars start at 5, as the reference's page does) or followed up. */
export interface LineDraft {
  scores: number;
  content: string;
  images: string[];
}

export const emptyDraft = (): LineDraft => ({ scores: 5, content: "", images: [] });

/** "好评" for 4–5 stars, "中评" for 3, "差评" for 1–2: what the server will file it as. */
export const starsLabel = (scores: number): string => EXPLAIN_TYPE_NAMES[explainTypeFor(scores)] ?? "";

export interface ShopScores {
  shop_desccredit: number;
  shop_servicecredit: number;
  shop_deliverycredit: number;
}

export const SHOP_SCORE_ITEMS: Array<{ key: keyof ShopScores; label: string }> = [
  { key: "shop_desccredit", label: "描述相符" },
  { key: "shop_servicecredit", label: "服务态度" },
  { key: "shop_deliverycredit", label: "配送速度" },
];

/** The add call's body in the reference's form (goods_evaluate as a JSON string), or what is missing. */
export function addBody(
  info: Pick<OrderEvaluateInfo, "order_id" | "list">,
  drafts: Record<number, LineDraft>,
  shop: ShopScores,
  anonymous: boolean,
): { body: BodyOf<"/api/goodsevaluate/add"> } | { error: string } {
  const lines = info.list.map((line) => ({ line, draft: drafts[line.order_goods_id] ?? emptyDraft() }));
  const unrated = lines.find(({ draft }) => draft.scores < 1);
  if (unrated) return { error: `请为「${unrated.line.sku_name}」评分` };
  const goodsEvaluate = lines.map(({ line, draft }) => ({
    order_goods_id: line.order_goods_id,
    goods_id: line.goods_id,
    sku_id: line.sku_id,
    content: draft.content.trim(),
    images: draft.images.join(","),
    scores: draft.scores,
  }));
  return { body: { order_id: info.order_id, goods_evaluate: JSON.stringify(goodsEvaluate), is_anonymous: anonymous ? 1 : 0, ...shop } };
}

/** The again call's body: the lines given some text (pictures need text too), or what is missing. */
export function againBody(info: Pick<OrderEvaluateInfo, "order_id" | "list">, drafts: Record<number, LineDraft>): { body: BodyOf<"/api/goodsevaluate/again"> } | { error: string } {
  const written = info.list.map((line) => ({ line, draft: drafts[line.order_goods_id] ?? emptyDraft() }));
  const picturesOnly = written.find(({ draft }) => !draft.content.trim() && draft.images.length > 0);
  if (picturesOnly) return { error: `请为「${picturesOnly.line.sku_name}」填写追评内容` };
  const lines = written.filter(({ draft }) => draft.content.trim());
  if (lines.length === 0) return { error: "请至少为一件商品填写追评内容" };
  const goodsEvaluate = lines.map(({ line, draft }) => ({
    order_goods_id: line.order_goods_id,
    goods_id: line.goods_id,
    sku_id: line.sku_id,
    again_content: draft.content.trim(),
    again_images: draft.images.join(","),
  }));
  return { body: { order_id: info.order_id, goods_evaluate: JSON.stringify(goodsEvaluate) } };
}
