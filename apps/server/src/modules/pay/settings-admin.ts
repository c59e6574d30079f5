import type { GatewayTest, PaySettings, PaySettingsInput, PaySettingsSaved } from "@shop/contract/domains/admin-settings";
import type { AppDeps, StaffContext } from "../../core/context.ts";
import { getConfig, setConfig } from "../../core/config-store.ts";
import { BizError } from "../../core/errors.ts";
import type { StoredGatewayKeys, StoredPaySettings } from "../site/settings-keys.ts";
import { maskSecret, nextSecret, secretBoxOf, type SecretBox } from "../site/settings-secrets.ts";
import { saveSettingsArea, type SettingsArea } from "../site/settings-admin.ts";
import { effectivePayConfig } from "./key-settings.ts";
import { testGateway } from "./connection-test.ts";
import { payMethodsOf } from "./shop-methods.ts";

/**
 * 支付设置 in the console: 演示支付, Alipay and WeChat Pay v3 keys. Identifiers are stored plain,
 * secrets encrypted (site/settings-secrets.ts) and answered masked; an empty secret on save keeps
 * the stored one. A save runs each opened gateway's key check and connection test and answers
 * their results (a failed network test does not undo the save: the shop may be offline now).
 */

const ALIPAY_SECRETS = ["private_key", "public_key"] as const;
const WECHAT_SECRETS = ["private_key", "api_v3_key", "public_key"] as const;

type Deps = Pick<AppDeps, "db" | "config" | "cache">;

export async function readPaySettings(deps: Deps): Promise<PaySettings> {
  const box = secretBoxOf(deps.config);
  const stored = await getConfig(deps.db, "pay_config", {});
  const methods = await payMethodsOf(deps).refresh();
  const alipay = stored.alipay;
  const wechat = stored.wechatpay;
  const env = methods.config;
  const envGateways = [env.sandboxForced ? "PAY_SANDBOX" : "", !alipay && env.alipay ? "alipay" : "", !wechat && env.wechatpay ? "wechatpay" : ""].filter(Boolean);
  return {
    demo_pay: methods.gateways.has("sandbox") ? 1 : 0,
    alipay_is_open: alipay?.is_open ?? 0,
    alipay_app_id: alipay?.ids.app_id ?? "",
    alipay_private_key: maskSecret(box, alipay?.secrets.private_key),
    alipay_public_key: maskSecret(box, alipay?.secrets.public_key),
    wechatpay_is_open: wechat?.is_open ?? 0,
    wechatpay_app_id: wechat?.ids.app_id ?? "",
    wechatpay_mch_id: wechat?.ids.mch_id ?? "",
    wechatpay_serial_no: wechat?.ids.serial_no ?? "",
    wechatpay_private_key: maskSecret(box, wechat?.secrets.private_key),
    wechatpay_api_v3_key: maskSecret(box, wechat?.secrets.api_v3_key),
    wechatpay_public_key: maskSecret(box, wechat?.secrets.public_key),
    wechatpay_public_key_id: wechat?.ids.public_key_id ?? "",
    can_save_secrets: box.canEncrypt,
    env_gateways: envGateways,
    offered: methods.list(),
  };
}

/** One gateway's stored keys after a save; undefined when the console never held any and none are given. */
function nextGateway(
  box: SecretBox,
  stored: StoredGatewayKeys | undefined,
  isOpen: number,
  ids: Record<string, string>,
  secrets: Record<string, string>,
): StoredGatewayKeys | undefined {
  const anyGiven = Object.values(ids).some(Boolean) || Object.values(secrets).some(Boolean);
  if (!stored && !anyGiven && !isOpen) return undefined;
  const nextSecrets = Object.fromEntries(Object.entries(secrets).map(([name, value]) => [name, nextSecret(box, value, stored?.secrets[name])]));
  return { is_open: isOpen, ids, secrets: Object.fromEntries(Object.entries(nextSecrets).filter(([, value]) => value)) };
}

function storedFrom(box: SecretBox, current: StoredPaySettings, input: PaySettingsInput): StoredPaySettings {
  const pick = (prefix: string, names: readonly string[]) => Object.fromEntries(names.map((name) => [name, (input as Record<string, string | number>)[`${prefix}_${name}`] as string]));
  const next: StoredPaySettings = { demo_pay: input.demo_pay };
  const alipay = nextGateway(box, current.alipay, input.alipay_is_open, { app_id: input.alipay_app_id }, pick("alipay", ALIPAY_SECRETS));
  const wechatpay = nextGateway(
    box,
    current.wechatpay,
    input.wechatpay_is_open,
    { app_id: input.wechatpay_app_id, mch_id: input.wechatpay_mch_id, serial_no: input.wechatpay_serial_no, public_key_id: input.wechatpay_public_key_id },
    pick("wechatpay", WECHAT_SECRETS),
  );
  if (alipay) next.alipay = alipay;
  if (wechatpay) next.wechatpay = wechatpay;
  return next;
}

/** What the opened gateways lack (a gateway opened without its keys is refused, not saved half-done). */
function missingFields(next: StoredPaySettings): string | null {
  const alipay = next.alipay;
  if (alipay?.is_open && (!alipay.ids.app_id || !alipay.secrets.private_key || !alipay.secrets.public_key)) return "开启支付宝支付需填写 APPID、应用私钥和支付宝公钥";
  const wechat = next.wechatpay;
  if (wechat?.is_open && (!wechat.ids.app_id || !wechat.ids.mch_id || !wechat.ids.serial_no || !wechat.secrets.private_key || !wechat.secrets.api_v3_key)) {
    return "开启微信支付需填写 AppID、商户号、商户证书序列号、商户私钥和 APIv3 密钥";
  }
  if (Boolean(wechat?.secrets.public_key) !== Boolean(wechat?.ids.public_key_id) && wechat?.is_open) return "微信支付公钥与公钥 ID 需同时填写";
  return null;
}

export async function savePaySettings(ctx: StaffContext, input: PaySettingsInput): Promise<PaySettingsSaved> {
  const box = secretBoxOf(ctx.config);
  const current = await getConfig(ctx.db, "pay_config", {});
  const next = storedFrom(box, current, input);
  const missing = missingFields(next);
  if (missing) throw new BizError(missing);
  // The keys as the cashier will use them: checked locally before anything is saved.
  const methods = payMethodsOf(ctx);
  const effective = effectivePayConfig(methods.config, { stored: next, balanceEnabled: true, box });
  const tests: GatewayTest[] = [];
  if (next.alipay?.is_open) tests.push(await testGateway("alipay", effective.alipay));
  if (next.wechatpay?.is_open) tests.push(await testGateway("wechatpay", effective.wechatpay));
  const broken = tests.find((test) => test.message.includes("密钥无法使用"));
  if (broken) throw new BizError(broken.message);
  const area: SettingsArea<StoredPaySettings> = { action: "config.pay", read: async () => next, write: (tx, value) => setConfig(tx, "pay_config", value) };
  // The log names what changed, never a secret.
  const saved = await saveSettingsArea(ctx.db, ctx, area, next, { demo_pay: input.demo_pay, alipay_is_open: input.alipay_is_open, wechatpay_is_open: input.wechatpay_is_open });
  await methods.refresh();
  return { ...saved, tests };
}

/** 测试连接 of the saved keys of one gateway. */
export async function testSavedGateway(deps: Deps, payType: "alipay" | "wechatpay"): Promise<GatewayTest> {
  const box = secretBoxOf(deps.config);
  const methods = payMethodsOf(deps);
  const stored = await getConfig(deps.db, "pay_config", {});
  const effective = effectivePayConfig(methods.config, { stored, balanceEnabled: true, box });
  return testGateway(payType, payType === "alipay" ? effective.alipay : effective.wechatpay);
}
