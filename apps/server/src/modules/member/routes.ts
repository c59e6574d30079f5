import type { Api } from "../../core/api.ts";
import { getMemberInfo, mobileExists } from "./service.ts";

export function registerMemberRoutes(api: Api): void {
  const { db } = api.deps;
  api.member("/api/member/info", (_body, ctx) => getMemberInfo(db, ctx.memberId));
  api.public("/api/member/checkmobile", async (body) => ({ exists: (await mobileExists(db, body.mobile)) ? 1 : 0 }), {
    rateLimit: { max: 30, timeWindow: "1 minute" },
  });
}
