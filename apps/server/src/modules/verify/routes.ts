import type { FastifyInstance } from "fastify";
import { VERIFY_TYPES, VERIFY_TYPE_KEYS } from "@shop/contract";
import type { Api } from "../../core/api.ts";
import { addVerifier, deleteVerifier, listVerifiers, requireVerifier } from "./verifiers.ts";
import { listRecords, lookupCode, recordDetail, useCode } from "./verify-service.ts";
import { setVirtualIndate } from "./goods-validity.ts";

const VERIFY_TYPE_LIST = Object.fromEntries(VERIFY_TYPE_KEYS.map((type) => [type, { name: VERIFY_TYPES[type] }])) as Record<keyof typeof VERIFY_TYPES, { name: string }>;

/**
 * Verification of pickup and virtual-goods codes (docs/api/verify.md). The member calls answer
 * verifiers only (others: -1 您不是核销员); staff grant the role. Staff verify a code through
 * /shopapi/order/verify (modules/order), which uses the same service.
 */
export function registerVerifyRoutes(api: Api, _app: FastifyInstance): void {
  api.member("/api/verify/checkisverifier", (_body, ctx) => requireVerifier(ctx.db, ctx.memberId));
  api.public("/api/verify/getVerifyType", () => VERIFY_TYPE_LIST);
  api.member("/api/verify/verifyInfo", (body, ctx) => lookupCode(ctx.db, ctx.memberId, body.verify_code));
  api.member("/api/verify/verify", (body, ctx) => useCode(ctx.db, { kind: "member", memberId: ctx.memberId }, body.verify_code), { successMessage: "核销成功" });
  api.member("/api/verify/lists", (body, ctx) => listRecords(ctx.db, ctx.memberId, body));
  api.member("/api/verify/detail", (body, ctx) => recordDetail(ctx.db, ctx.memberId, body.id));

  api.staff("/shopapi/verifier/lists", "verifier.manage", (body, ctx) => listVerifiers(ctx.db, body));
  api.staff("/shopapi/verifier/add", "verifier.manage", (body, ctx) => addVerifier(ctx.db, ctx, body));
  api.staff("/shopapi/verifier/delete", "verifier.manage", (body, ctx) => deleteVerifier(ctx.db, ctx, body.verifier_id));
  api.staff("/shopapi/goods/editvirtualindate", "goods.manage", (body, ctx) => setVirtualIndate(ctx.db, ctx, body.goods_id, body.virtual_indate));
}
