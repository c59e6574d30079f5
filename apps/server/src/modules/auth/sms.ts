import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { now } from "../../core/time.ts";
import type { SmsProvider } from "../../core/services.ts";

/** Declared in core (AppDeps.sms): a real gateway (Aliyun, Tencent Cloud…) implements SmsProvider. */
export type { SmsMessage, SmsProvider } from "../../core/services.ts";

/**
 * Development provider: sends nothing, records each message in the sms_outbox table and the
 * log, where tests and developers read the code (see docs/api.md, "SMS codes").
 */
export function outboxSmsProvider(db: Kysely<DB>, log: (message: string) => void, maskInLog = false): SmsProvider {
  return {
    name: "outbox",
    async send(message) {
      await db.insertInto("sms_outbox").values({ ...message, create_time: now() }).execute();
      // Outside development and test a code in the log would let log readers sign in: log only that one was sent.
      log(maskInLog ? `[短信] 已记录发往 ${maskMobile(message.mobile)} 的验证码（outbox 开发通道）` : `[短信] ${message.mobile} ${message.content}`);
    },
  };
}

const maskMobile = (mobile: string) => mobile.replace(/^(\d{3})\d+(\d{4})$/, "$1****$2");
