import type { Kysely } from "kysely";
import { SMS_MESSAGE_TYPES, type SmsSettings, type SmsSettingsInput, type SmsTestResult } from "@shop/contract/domains/admin-settings";
import type { AppConfig } from "../../config.ts";
import type { StaffContext } from "../../core/context.ts";
import type { SmsProvider } from "../../core/services.ts";
import type { DB } from "../../db/schema.ts";
import { getConfig, setConfig } from "../../core/config-store.ts";
import { now } from "../../core/time.ts";
import { BizError } from "../../core/errors.ts";
import { readSetting } from "../site/service.ts";
import { CONFIG_DEFAULTS } from "../site/defaults.ts";
import type { StoredSmsSettings } from "../site/settings-keys.ts";
import { maskSecret, nextSecret, secretBoxOf, type SecretBox } from "../site/settings-secrets.ts";
import { saveSettingsArea } from "../site/settings-admin.ts";
import { aliyunSmsProvider, tencentSmsProvider, type CloudSmsOptions } from "./sms-cloud.ts";
import { outboxSmsProvider } from "./sms.ts";

/**
 * 短信设置: which provider sends the codes. The outbox (sms.ts) stays the default — development
 * and a shop that has not set SMS up; a saved Aliyun or Tencent Cloud configuration takes over on
 * the next message, on every process (the setting is read through the purged settings cache).
 */

type Deps = { db: Kysely<DB>; config: Pick<AppConfig, "production" | "dataDir"> };

/** The provider a stored configuration describes (outbox when incomplete or unreadable). */
export function providerFor(stored: StoredSmsSettings, box: SecretBox, outbox: SmsProvider, endpoint = cloudEndpoint(stored.provider)): SmsProvider {
  if (stored.provider === "outbox") return outbox;
  const secret = box.decrypt(stored.access_key_secret);
  if (!secret || !stored.access_key_id) return outbox;
  const options: CloudSmsOptions = {
    accessKeyId: stored.access_key_id,
    accessKeySecret: secret,
    signName: stored.sign_name,
    templates: stored.templates,
    sdkAppId: stored.sdk_app_id,
    region: stored.region,
    ...endpoint,
  };
  return stored.provider === "aliyun" ? aliyunSmsProvider(options) : tencentSmsProvider(options);
}

/** ALIYUN_SMS_ENDPOINT / TENCENT_SMS_ENDPOINT ("http://127.0.0.1:9000" or a host): a proxy, or a test double. */
function cloudEndpoint(provider: StoredSmsSettings["provider"]): Pick<CloudSmsOptions, "endpoint" | "protocol"> {
  const configured = (provider === "aliyun" ? process.env.ALIYUN_SMS_ENDPOINT : process.env.TENCENT_SMS_ENDPOINT)?.trim();
  if (!configured) return {};
  const url = new URL(configured.includes("://") ? configured : `https://${configured}`);
  return { endpoint: url.host, protocol: url.protocol === "http:" ? "http" : "https" };
}

/** AppDeps.sms: the console's provider when one is saved, else the outbox. */
export function shopSmsProvider(deps: Deps, log: (message: string) => void, maskInLog: boolean): SmsProvider {
  const outbox = outboxSmsProvider(deps.db, log, maskInLog);
  const box = secretBoxOf(deps.config);
  return {
    name: "shop",
    async send(message) {
      await providerFor(await readSetting(deps.db, "sms_config"), box, outbox).send(message);
    },
  };
}

export async function readSmsSettings(deps: Deps): Promise<SmsSettings> {
  const box = secretBoxOf(deps.config);
  const stored = await getConfig(deps.db, "sms_config", CONFIG_DEFAULTS.sms_config);
  const templates = Object.fromEntries(Object.keys(SMS_MESSAGE_TYPES).map((type) => [type, stored.templates[type] ?? ""])) as SmsSettings["templates"];
  return {
    provider: stored.provider,
    access_key_id: stored.access_key_id,
    access_key_secret: maskSecret(box, stored.access_key_secret),
    sign_name: stored.sign_name,
    sdk_app_id: stored.sdk_app_id,
    region: stored.region,
    templates,
    can_save_secrets: box.canEncrypt,
  };
}

export async function saveSmsSettings(ctx: StaffContext, input: SmsSettingsInput): Promise<{ update_time: number }> {
  const box = secretBoxOf(ctx.config);
  const current = await getConfig(ctx.db, "sms_config", CONFIG_DEFAULTS.sms_config);
  const next: StoredSmsSettings = { ...input, access_key_secret: nextSecret(box, input.access_key_secret, current.access_key_secret) };
  if (next.provider !== "outbox" && !next.access_key_secret) throw new BizError("请填写 AccessKey Secret");
  const { access_key_secret: _secret, ...logged } = input;
  return saveSettingsArea(ctx.db, ctx, { action: "config.sms", read: async () => next, write: (tx, value) => setConfig(tx, "sms_config", value) }, next, logged);
}

/** 测试发送: a code of `type` to `mobile` through the saved provider, never thrown. */
export async function testSms(ctx: StaffContext, mobile: string, type: keyof typeof SMS_MESSAGE_TYPES): Promise<SmsTestResult> {
  const stored = await getConfig(ctx.db, "sms_config", CONFIG_DEFAULTS.sms_config);
  const outbox = outboxSmsProvider(ctx.db, (line) => ctx.request.log.info(line), !ctx.config.developmentMode);
  const provider = providerFor(stored, secretBoxOf(ctx.config), outbox);
  const code = String(100000 + (now() % 900000));
  try {
    await provider.send({ mobile, purpose: type, code, content: `【测试】您的${SMS_MESSAGE_TYPES[type]}为 ${code}（短信设置测试发送）` });
    return { ok: true, message: provider === outbox ? "已记录到开发通道（sms_outbox），未实际发送" : `已发送到 ${mobile}` };
  } catch (error) {
    const text = (error as Error).message ?? String(error);
    const offline = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ENETUNREACH|timeout|getaddrinfo|socket hang up/i.test(text);
    return { ok: false, message: offline ? "无法连接短信服务商（网络不可达或超时），请确认服务器可以访问外网" : text.slice(0, 200) };
  }
}
