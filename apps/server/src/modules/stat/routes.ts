import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";
import { statTotal } from "./totals.ts";
import { statDayData } from "./day-data.ts";
import { goodsRanking } from "./goods-rank.ts";
import { statTodo } from "./todo.ts";

/** 概况: statistics for the console (/shopapi/stat/*) and the to-do counts (/shopapi/index/todo). Read only. */
export function registerStatRoutes(api: Api, _app: FastifyInstance): void {
  api.staff("/shopapi/stat/getstattotal", "stat.view", (body, ctx) => statTotal(ctx.db, body));
  api.staff("/shopapi/stat/getstatdata", "stat.view", (body, ctx) => statDayData(ctx.db, body));
  api.staff("/shopapi/stat/getgoodsordernumstat", "stat.view", (body, ctx) => goodsRanking(ctx.db, body, "num"));
  api.staff("/shopapi/stat/getgoodsordermoneystat", "stat.view", (body, ctx) => goodsRanking(ctx.db, body, "money"));
  api.staff("/shopapi/index/todo", "stat.view", (_body, ctx) => statTodo(ctx.db));
}
