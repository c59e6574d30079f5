import type { Envelope } from "@shop/contract/codes";
import { Code } from "@shop/contract/codes";

export function envelope<T>(code: number, message: string, data: T): Envelope<T> {
  return { code, message, data, timestamp: Math.floor(Date.now() / 1000) };
}

export const ok = <T>(data: T, message = "操作成功"): Envelope<T> => envelope(Code.SUCCESS, message, data);
