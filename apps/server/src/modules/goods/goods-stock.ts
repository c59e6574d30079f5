import { expressionBuilder } from "kysely";
import type { DB } from "../../db/schema.ts";

/**
 * Stock lives in one place, goods_sku.stock (ADR 0007): the wire's `goods_stock` of a goods is the
 * sum of its SKUs' stock, computed when it is read so it can never disagree with what orders take.
 * Select it in any query with `goods` in scope; goods_sku(goods_id) is indexed, so it costs one
 * index range per goods row. Cast to bigint: PostgreSQL's sum of a bigint is numeric (a string in
 * Node), int8 arrives as a number (db/connect.ts).
 */
export const goodsStockColumn = expressionBuilder<DB, "goods">()
  .selectFrom("goods_sku as stock_sku")
  .select((eb) => eb.cast<number>(eb.fn.coalesce(eb.fn.sum<number>("stock_sku.stock"), eb.lit(0)), "bigint").as("goods_stock"))
  .whereRef("stock_sku.goods_id", "=", "goods.goods_id")
  .$asScalar()
  .as("goods_stock");
