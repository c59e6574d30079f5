import type { Kysely } from "kysely";
import type { CaptchaConfig } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { getConfig } from "../../core/config-store.ts";
import { fail } from "../../core/errors.ts";
import { checkCaptcha } from "./captcha.ts";

declare module "../../core/config-keys.ts" {
  interface ConfigValues {
    /** 验证码设置: whether the storefront's password login and username registration ask for the picture captcha */
    captcha_config: CaptchaConfig;
  }
}

/** The reference's default: on for both. */
export const CAPTCHA_CONFIG_DEFAULTS: CaptchaConfig = { shop_reception_login: 1, shop_reception_register: 1 };

export async function getCaptchaConfig(db: Kysely<DB>): Promise<CaptchaConfig> {
  const stored = await getConfig(db, "captcha_config", CAPTCHA_CONFIG_DEFAULTS);
  return { shop_reception_login: Number(stored.shop_reception_login) ? 1 : 0, shop_reception_register: Number(stored.shop_reception_register) ? 1 : 0 };
}

/**
 * The captcha of a password login or a username registration, checked only while staff keep it on.
 * Sending an SMS code always asks for it (verify-code.ts): that guards someone else's phone, and
 * turning it off would let anyone send texts at the shop's cost. With it off, the per-account login
 * attempts (login-attempts.ts) and the IP rate limits still hold.
 */
export async function checkCaptchaWhenOn(
  db: Kysely<DB>,
  scene: keyof CaptchaConfig,
  input: { captcha_id?: string; captcha_code?: string },
): Promise<void> {
  if ((await getCaptchaConfig(db))[scene] !== 1) return;
  if (!input.captcha_id) return fail("请先获取验证码");
  const code = input.captcha_code?.trim();
  if (!code) return fail("请输入验证码");
  await checkCaptcha(db, input.captcha_id, code);
}
