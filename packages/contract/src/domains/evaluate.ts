import { z } from "zod";
import { endpoint, id, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";

/**
 * Evaluations: a buyer evaluates the lines of a received order once (stars, text, pictures, shop
 * scores, anonymous or not) and may follow up once (追评) within the shop's time; the shop reviews,
 * replies and deletes through the staff API. The reference's payload: `goods_evaluate` is a JSON
 * string of the lines (an array is accepted as well).
 */

/** Longest evaluation or follow-up text, in characters (UTF-16 units, as the page counts them). */
export const EVALUATE_TEXT_MAX = 500;
/** Pictures per evaluation or follow-up. */
export const EVALUATE_IMAGES_MAX = 6;
/** Longest reply of the shop. */
export const EVALUATE_REPLY_MAX = 500;

/** explain_type: 1 好评 (4–5 stars), 2 中评 (3), 3 差评 (1–2). The server derives it from the stars. */
export function explainTypeFor(scores: number): 1 | 2 | 3 {
  return scores >= 4 ? 1 : scores === 3 ? 2 : 3;
}

export const EXPLAIN_TYPE_NAMES: Record<number, string> = { 1: "好评", 2: "中评", 3: "差评" };

/** Review state of an evaluation and of its follow-up: 1 approved (shown), 0 waiting for the shop, -1 refused. */
export const EVALUATE_AUDIT = { refused: -1, waiting: 0, approved: 1 } as const;

/** Control characters other than line breaks and tabs: the text is plain text shown as it was typed. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !CONTROL_CHARACTERS.test(value), "内容含有无法显示的字符");

const score = z.coerce.number().int().min(1).max(5);
/** The reference's clients may leave the shop scores out: 5, as the reference assumes. */
const shopScore = score.default(5);

/** Picture paths as the upload call answered them: "a.jpg,b.jpg" (the reference) or an array. */
const imageList = z.preprocess(
  (value) => (typeof value === "string" ? value.split(",").map((path) => path.trim()).filter(Boolean) : (value ?? [])),
  z.array(z.string().trim().min(1).max(255).regex(/^[^,\s]+$/)).max(EVALUATE_IMAGES_MAX),
);

/** Longest goods_evaluate JSON text: six lines' worth of text and pictures several times over. */
const MAX_JSON_TEXT = 60_000;
/** Lines one call may evaluate (an order has fewer). */
const MAX_LINES = 50;

/** The reference sends the lines as a JSON string; a string that is not JSON fails as the wrong type (-10006). */
const jsonLines = <T extends z.ZodType>(line: T) =>
  z.preprocess((value) => {
    if (typeof value !== "string" || value.length > MAX_JSON_TEXT) return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, z.array(line).min(1).max(MAX_LINES));

const lineRef = {
  order_goods_id: id,
  /** checked against the order line when given */
  goods_id: id.optional(),
  sku_id: id.optional(),
};

export const evaluateLine = z.object({
  ...lineRef,
  content: plainText(EVALUATE_TEXT_MAX).default(""),
  images: imageList,
  scores: score,
  /** ignored: the server derives it from `scores` */
  explain_type: z.unknown().optional(),
});

/** The follow-up's fields are again_content / again_images; content / images are taken too (a client reusing the first form). */
export const againLine = z.preprocess(
  (value) => {
    if (!value || typeof value !== "object" || Array.isArray(value)) return value;
    const line = value as Record<string, unknown>;
    return { ...line, again_content: line.again_content ?? line.content, again_images: line.again_images ?? line.images };
  },
  z.object({ ...lineRef, again_content: plainText(EVALUATE_TEXT_MAX).min(1), again_images: imageList }),
);

export const evaluateAddBody = z.object({
  order_id: id,
  goods_evaluate: jsonLines(evaluateLine),
  is_anonymous: z.coerce.number().int().min(0).max(1).default(0),
  /** 描述相符, 服务态度, 配送速度: 1–5, once per order */
  shop_desccredit: shopScore,
  shop_servicecredit: shopScore,
  shop_deliverycredit: shopScore,
});

export const evaluateAgainBody = z.object({ order_id: id, goods_evaluate: jsonLines(againLine) });

export type EvaluateAddRequest = z.output<typeof evaluateAddBody>;
export type EvaluateAgainRequest = z.output<typeof evaluateAgainBody>;

export interface EvaluateResult {
  /** the evaluations written (add) or followed up (again), by line */
  evaluate_ids: number[];
  /** 1: they wait for the shop's review before the goods page shows them */
  need_audit: number;
}

/** A line's evaluation as its buyer sees it on /order/evaluate (follow-up mode). */
export interface OwnEvaluation {
  evaluate_id: number;
  content: string;
  /** comma-separated */
  images: string;
  scores: number;
  explain_type: number;
  explain_first: string;
  is_anonymous: number;
  create_time: number;
  is_audit: number;
  again_content: string;
  again_images: string;
  again_explain: string;
  /** 0 until followed up */
  again_time: number;
  again_is_audit: number;
}

/** A line of /api/order/evluateinfo. */
export interface OrderEvaluateLine {
  order_goods_id: number;
  order_no: string;
  goods_id: number;
  sku_id: number;
  sku_name: string;
  sku_image: string;
  spec_name: string;
  price: string;
  num: number;
  /** null before the first evaluation */
  evaluation: OwnEvaluation | null;
}

/** An evaluation as staff see it: the buyer's real name, the order, the shop scores, the review states. */
export interface StaffEvaluation extends OwnEvaluation {
  order_id: number;
  order_no: string;
  order_goods_id: number;
  goods_id: number;
  sku_id: number;
  sku_name: string;
  sku_image: string;
  member_id: number;
  member_name: string;
  shop_desccredit: number;
  shop_servicecredit: number;
  shop_deliverycredit: number;
  is_show: number;
}

const auditFilter = z
  .union([z.literal("all"), z.literal(""), z.coerce.number().int().min(-1).max(1)])
  .default("all");

export const evaluateEndpoints = {
  /** First evaluation of a received order's lines → the evaluations written. Member only. */
  "/api/goodsevaluate/add": endpoint<EvaluateResult>()(evaluateAddBody),
  /** The follow-up (追评) of an evaluated order's lines, once, within evaluate_config.again_days. Member only. */
  "/api/goodsevaluate/again": endpoint<EvaluateResult>()(evaluateAgainBody),

  /** Staff (evaluate.manage): evaluations newest first; is_audit 0 = something waits for review (the evaluation or its follow-up). */
  "/shopapi/goodsevaluate/lists": endpoint<Page<StaffEvaluation>>()(
    z.object({
      ...paging,
      is_audit: auditFilter,
      goods_id: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
      explain_type: z.coerce.number().int().min(0).max(3).default(0),
      /** in the text, the goods name or the buyer's name */
      keyword: text(50).default(""),
    }),
  ),
  /** Approves (1) or refuses (-1) what waits for review: the evaluation, its follow-up, or both. */
  "/shopapi/goodsevaluate/audit": endpoint<null>()(
    z.object({ evaluate_id: id, is_audit: z.coerce.number().int().refine((value) => value === 1 || value === -1, "参数 is_audit 的取值无效") }),
  ),
  /** The shop's reply (商家回复) to the evaluation and/or to its follow-up; "" removes it. */
  "/shopapi/goodsevaluate/reply": endpoint<null>()(
    z.object({ evaluate_id: id, explain_first: plainText(EVALUATE_REPLY_MAX).optional(), again_explain: plainText(EVALUATE_REPLY_MAX).optional() }),
  ),
  "/shopapi/goodsevaluate/delete": endpoint<null>()(z.object({ evaluate_id: id })),
};
