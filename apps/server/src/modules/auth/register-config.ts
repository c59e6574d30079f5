import type { Kysely } from "kysely";
import { checkPasswordRules, type Agreement, type RegisterConfig } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { getConfig } from "../../core/config-store.ts";
import { fail } from "../../core/errors.ts";
import { registrationPack } from "../coupon/register-pack.ts";

/** Used when the shop has not saved register_config (fields missing from a saved value fall back too). */
export const DEFAULT_REGISTER_CONFIG: RegisterConfig["value"] = {
  login: "username,mobile",
  register: "username,mobile",
  pwd_len: 6,
  pwd_complexity: "number,letter",
  agreement_show: 1,
};

const DEFAULT_AGREEMENT: Agreement = { title: "用户注册协议", content: "" };

export const getRegisterConfig = (db: Kysely<DB>) => getConfig(db, "register_config", DEFAULT_REGISTER_CONFIG);

export const getAgreement = (db: Kysely<DB>) => getConfig(db, "register_agreement", DEFAULT_AGREEMENT);

/** Rejects a new password that breaks pwd_len / pwd_complexity, with the rule's Chinese message. */
export async function assertPasswordAllowed(db: Kysely<DB>, password: string): Promise<void> {
  const problem = checkPasswordRules(password, await getRegisterConfig(db));
  if (problem) fail(problem);
}

type Method = "username" | "mobile";
const methods = (list: string) => String(list ?? "").split(",").map((item) => item.trim()).filter(Boolean);

/** Register methods: "username" and/or "mobile" must be listed in register_config.register. */
export async function assertRegisterEnabled(db: Kysely<DB>, method: Method): Promise<void> {
  const config = await getRegisterConfig(db);
  if (!methods(config.register).includes(method)) fail(method === "username" ? "未开启用户名注册" : "未开启手机号注册");
}

/**
 * Login methods: "username" (account + password) and/or "mobile" (SMS code) in
 * register_config.login; an empty list means both (an empty register list closes registration).
 */
export async function assertLoginEnabled(db: Kysely<DB>, method: Method): Promise<void> {
  const enabled = methods((await getRegisterConfig(db)).login);
  if (enabled.length && !enabled.includes(method)) fail(method === "username" ? "未开启账号密码登录" : "未开启手机号登录");
}

/**
 * /memberregister/api/Config/Config: the registration-reward addon as the reference's register page
 * reads it. Points, balance and growth are not granted at registration; `coupon_list` is the
 * registration pack's coupon types (modules/coupon/register-pack.ts), the coupons a new member gets.
 */
export async function registerReward(db: Kysely<DB>) {
  return { is_use: 1, value: { point: 0, balance: "0.00", growth: 0, coupon_list: await registrationPack(db) } };
}
