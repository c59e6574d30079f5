import Dysmsapi, { SendSmsRequest } from "@alicloud/dysmsapi20170525";
import { Config as AliyunConfig } from "@alicloud/openapi-client";
import { sms as tencentSms } from "tencentcloud-sdk-nodejs-sms";
import type { SmsMessage, SmsProvider } from "../../core/services.ts";

/**
 * Real SMS providers through their official SDKs: 阿里云短信 (Dysmsapi SendSms) and 腾讯云短信
 * (SendSms 2021-01-11). Each message type has its template at the provider; the template's one
 * parameter is the code (Aliyun: ${code}; Tencent: {1}). A refusal is thrown with the provider's
 * own code and message, and the code-sending path tells the member 短信发送失败.
 */
export interface CloudSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** template code (Aliyun SMS_123…) or id (Tencent 123456) by message type (SmsMessage.purpose) */
  templates: Record<string, string>;
  /** Tencent Cloud */
  sdkAppId?: string;
  region?: string;
  /** host[:port] of the API (defaults: dysmsapi.aliyuncs.com, sms.tencentcloudapi.com); tests point it at a local double */
  endpoint?: string;
  /** "https" unless told (a local double speaks http) */
  protocol?: "http" | "https";
  timeoutMs?: number;
}

export class SmsSendError extends Error {}

function templateOf(options: CloudSmsOptions, message: SmsMessage): string {
  const template = options.templates[message.purpose];
  if (!template) throw new SmsSendError(`未配置「${message.purpose}」短信模板`);
  return template;
}

export function aliyunSmsProvider(options: CloudSmsOptions): SmsProvider {
  const client = new Dysmsapi(
    new AliyunConfig({
      accessKeyId: options.accessKeyId,
      accessKeySecret: options.accessKeySecret,
      endpoint: options.endpoint ?? "dysmsapi.aliyuncs.com",
      protocol: options.protocol ?? "https",
      readTimeout: options.timeoutMs ?? 8000,
      connectTimeout: options.timeoutMs ?? 8000,
    }) as unknown as ConstructorParameters<typeof Dysmsapi>[0],
  );
  return {
    name: "aliyun",
    async send(message) {
      const request = new SendSmsRequest({
        phoneNumbers: message.mobile,
        signName: options.signName,
        templateCode: templateOf(options, message),
        templateParam: JSON.stringify({ code: message.code }),
      });
      const response = await client.sendSms(request);
      const body = response.body;
      if (body?.code !== "OK") throw new SmsSendError(`阿里云短信发送失败：${body?.code ?? "无应答"} ${body?.message ?? ""}`.trim());
    },
  };
}

export function tencentSmsProvider(options: CloudSmsOptions): SmsProvider {
  const client = new tencentSms.v20210111.Client({
    credential: { secretId: options.accessKeyId, secretKey: options.accessKeySecret },
    region: options.region || "ap-guangzhou",
    profile: {
      httpProfile: {
        endpoint: options.endpoint ?? "sms.tencentcloudapi.com",
        protocol: `${options.protocol ?? "https"}://`,
        reqTimeout: Math.ceil((options.timeoutMs ?? 8000) / 1000),
      },
    },
  });
  return {
    name: "tencent",
    async send(message) {
      const answer = await client.SendSms({
        PhoneNumberSet: [`+86${message.mobile}`],
        SmsSdkAppId: options.sdkAppId ?? "",
        SignName: options.signName,
        TemplateId: templateOf(options, message),
        TemplateParamSet: [message.code],
      });
      const status = answer.SendStatusSet?.[0];
      if (status?.Code !== "Ok") throw new SmsSendError(`腾讯云短信发送失败：${status?.Code ?? "无应答"} ${status?.Message ?? ""}`.trim());
    },
  };
}
