import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";
import { accountInfo, pageAccountRecords } from "./ledger-view.ts";

/** Ledger views for members: /api/memberaccount/* (balance and points; docs/api/account.md). */
export function registerAccountRoutes(api: Api, _app: FastifyInstance): void {
  api.member("/api/memberaccount/info", (body, ctx) => accountInfo(ctx.db, ctx.memberId, body.account_type));
  api.member("/api/memberaccount/page", (body, ctx) => pageAccountRecords(ctx.db, ctx.memberId, body));
}
