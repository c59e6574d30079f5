import { Code } from "@shop/contract/codes";
import type { Api } from "../../core/api.ts";
import { fail } from "../../core/errors.ts";
import { getMemberInfo, mobileExists } from "./service.ts";
import { checkCaptcha } from "../auth/captcha.ts";
import { CODE_LIMIT } from "../auth/routes.ts";

export function registerMemberRoutes(api: Api): void {
  const { db } = api.deps;
  api.member("/api/member/info", (_body, ctx) => getMemberInfo(db, ctx.memberId));
  // Tells whether a mobile has an account: guarded like the code-sending calls (captcha, their shared budget).
  // By the code, as the reference's clients read it: their register pages wait for 0, find-password for -1.
  api.public(
    "/api/member/checkmobile",
    async (body) => {
      await checkCaptcha(db, body.captcha_id, body.captcha_code);
      if (await mobileExists(db, body.mobile)) fail("该手机号已注册", Code.ERROR, { exists: 1 });
      return { exists: 0 as const };
    },
    CODE_LIMIT,
  );
}
