import { codeOnly, type FieldSpec, type Shape } from "./field-shape.ts";
import { memberReads } from "./reads-account.ts";

/**
 * Member profile and security (docs/api/member.md): what the reference's member pages read. Its
 * api/controller/Member.php answers the edits with a row count its clients never look at, and a
 * sent SMS code with `{key}` they pass back with the code (pwdmobliecode also leaks the code, which
 * no client should read); verifypaypwdcode answers an empty `data`. Ours: modifyinfo (the whole
 * /member/info form at once) and the first step of a mobile change (oldmobilecode, verifyoldmobile),
 * with what our storefront reads; the tickets in verifypaypwdcode's answer are ours too, so a
 * reference client reads nothing of it.
 */
const codeKey: Shape = { key: "string" };

export const profileReads: Record<string, FieldSpec> = {
  "/api/member/modifynickname": codeOnly,
  "/api/member/modifyrealname": codeOnly,
  "/api/member/modifysex": codeOnly,
  "/api/member/modifybirthday": codeOnly,
  "/api/member/modifyinfo": { ...(memberReads["/api/member/info"] as Shape), pay_password: "flag", reg_time: "unix" },
  "/api/member/modifyheadimg": codeOnly,
  "/api/member/pwdmobliecode": codeKey,
  "/api/member/modifypassword": codeOnly,
  "/api/member/oldmobilecode": { key: "string", expire_time: "integer" },
  "/api/member/verifyoldmobile": { ticket: "string", expire_time: "integer" },
  "/api/member/bindmobliecode": codeKey,
  "/api/member/modifymobile": codeOnly,
  "/api/member/paypwdcode": codeKey,
  "/api/member/verifypaypwdcode": codeOnly,
  "/api/member/modifypaypassword": codeOnly,
};

/** Calls of this area the reference does not have. */
export const OUR_PROFILE_CALLS: readonly string[] = ["/api/member/modifyinfo", "/api/member/oldmobilecode", "/api/member/verifyoldmobile"];
