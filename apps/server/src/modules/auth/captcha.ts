import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Captcha } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import type { AppDeps } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { CAPTCHA_ALPHABET, captchaImage } from "./captcha-image.ts";

/** A captcha is valid for 10 minutes and answers one check, right or wrong. */
export const CAPTCHA_TTL_SECONDS = 600;
export const CAPTCHA_LENGTH = 4;

export const CAPTCHA_WRONG = "验证码不正确";
export const CAPTCHA_EXPIRED = "验证码已失效，请刷新";

const randomCode = () =>
  Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[crypto.randomInt(CAPTCHA_ALPHABET.length)]).join("");

let codeOverride: (() => string) | undefined;

/**
 * Tests only: makes new captchas use codes from `generator` (e.g. `() => "AB3C"`), so a test can
 * answer one without reading the picture. Ignored unless NODE_ENV is development or test;
 * pass nothing to restore random codes. See docs/api.md, "Captcha and SMS in tests".
 */
export function setCaptchaCodeGenerator(generator?: () => string): void {
  codeOverride = generator;
}

function nextCode(deps: AppDeps): string {
  if (!deps.config.developmentMode) return randomCode();
  // CAPTCHA_TEST_CODE is refused at start outside development/test; checked again here for configs built by hand.
  const testCode = deps.config.developmentMode ? deps.config.captchaTestCode : undefined;
  return codeOverride?.() ?? testCode ?? randomCode();
}

/** The code is hashed with the captcha id as salt; the check is case-insensitive. */
const hashCode = (id: string, code: string) =>
  crypto.createHash("sha256").update(`${id}:${code.trim().toUpperCase()}`).digest("hex");

/**
 * Creates a captcha. Passing the id of a pending captcha replaces its code (the picture is
 * refreshed in place); an unknown, used or expired id gets a new id. Expired rows are swept here.
 */
export async function createCaptcha(deps: AppDeps, previousId?: string): Promise<Captcha> {
  const { db } = deps;
  const code = nextCode(deps);
  const expire = now() + CAPTCHA_TTL_SECONDS;
  await db.deleteFrom("captcha").where("expire_time", "<", now()).execute();

  let id: string | undefined;
  if (previousId) {
    const replaced = await db
      .updateTable("captcha")
      .set({ code_hash: hashCode(previousId, code), expire_time: expire, used: 0 })
      .where("captcha_id", "=", previousId)
      .executeTakeFirst();
    if (Number(replaced.numUpdatedRows) > 0) id = previousId;
  }
  if (!id) {
    id = crypto.randomBytes(16).toString("base64url");
    await db.insertInto("captcha").values({ captcha_id: id, code_hash: hashCode(id, code), expire_time: expire, used: 0 }).execute();
  }
  return { id, img: await captchaImage(code), expire_time: CAPTCHA_TTL_SECONDS };
}

/**
 * Checks and consumes a captcha in one statement (a concurrent second check finds nothing).
 * Throws -1 "验证码已失效，请刷新" (unknown, used or expired) or "验证码不正确".
 */
export async function checkCaptcha(db: Kysely<DB>, id: string, code: string): Promise<void> {
  const row = await db
    .deleteFrom("captcha")
    .where("captcha_id", "=", id)
    .returning(["code_hash", "expire_time"])
    .executeTakeFirst();
  if (!row || row.expire_time <= now()) return fail(CAPTCHA_EXPIRED);
  const expected = Buffer.from(row.code_hash, "hex");
  const actual = Buffer.from(hashCode(id, code), "hex");
  if (!crypto.timingSafeEqual(expected, actual)) fail(CAPTCHA_WRONG);
}
