import type { ExpressionBuilder, Kysely } from "kysely";
import type { EvaluationCounts, GoodsEvaluation, Page } from "@shop/contract";
import type { DB, Row } from "../../db/schema.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";

export const EXPLAIN_GOOD = 1;
export const EXPLAIN_NEUTRAL = 2;
export const EXPLAIN_BAD = 3;

/** "张小明" → "张***明"; one character stays, masked: an anonymous buyer is never named on the wire. */
export function maskName(name: string): string {
  const characters = [...name];
  if (characters.length <= 1) return `${characters[0] ?? "匿"}***`;
  return `${characters[0]}***${characters[characters.length - 1]}`;
}

/** A follow-up waiting for (or refused by) the shop's review is not shown: the evaluation reads as one without it. */
const toEvaluation = (row: Row<"goods_evaluate">): GoodsEvaluation => (row.again_is_audit === 1 ? shownEvaluation(row) : shownEvaluation({ ...row, ...NO_FOLLOW_UP }));

const NO_FOLLOW_UP = { again_content: "", again_images: "", again_explain: "", again_time: 0 };

const shownEvaluation = (row: Row<"goods_evaluate">): GoodsEvaluation => ({
  evaluate_id: row.evaluate_id,
  goods_id: row.goods_id,
  sku_id: row.sku_id,
  sku_name: row.sku_name,
  content: row.content,
  images: row.images,
  scores: row.scores,
  explain_type: row.explain_type,
  explain_first: row.explain_first,
  member_name: row.is_anonymous ? maskName(row.member_name) : row.member_name,
  member_headimg: row.is_anonymous ? "" : row.member_headimg,
  is_anonymous: row.is_anonymous,
  again_content: row.again_content,
  again_images: row.again_images,
  again_explain: row.again_explain,
  create_time: row.create_time,
  again_time: row.again_time,
});

/** Shown evaluations of a goods, newest first; explainType 0 = all. */
export async function pageEvaluations(
  db: Kysely<DB>,
  goodsId: number,
  explainType: number,
  paging: PageRequest,
): Promise<Page<GoodsEvaluation>> {
  let query = db.selectFrom("goods_evaluate").selectAll().where("goods_id", "=", goodsId).where("is_show", "=", 1);
  if (explainType > 0) query = query.where("explain_type", "=", explainType);
  const page = await paginate(db, query.orderBy("create_time", "desc").orderBy("evaluate_id", "desc"), paging);
  return mapPage(page, toEvaluation);
}

/** sum(case when explain_type = kind then 1 else 0 end): null over no rows, a string on PostgreSQL. */
const countOfKind = (eb: ExpressionBuilder<DB, "goods_evaluate">, kind: number) =>
  eb.fn.sum<number | string | null>(eb.case().when("explain_type", "=", kind).then(1).else(0).end());

/** Counts of the shown evaluations by kind, in one pass. */
export async function countEvaluations(db: Kysely<DB>, goodsId: number): Promise<EvaluationCounts> {
  const row = await db
    .selectFrom("goods_evaluate")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("total"),
      countOfKind(eb, EXPLAIN_GOOD).as("haoping"),
      countOfKind(eb, EXPLAIN_NEUTRAL).as("zhongping"),
      countOfKind(eb, EXPLAIN_BAD).as("chaping"),
    ])
    .where("goods_id", "=", goodsId)
    .where("is_show", "=", 1)
    .executeTakeFirst();
  return {
    total: Number(row?.total ?? 0),
    haoping: Number(row?.haoping ?? 0),
    zhongping: Number(row?.zhongping ?? 0),
    chaping: Number(row?.chaping ?? 0),
  };
}
