import type { Envelope } from "@shop/contract/codes";
import { Code, isTokenCode, TOKEN_ERROR_CODE } from "@shop/contract/codes";

/** An answer of the API; session errors (-10009, -10010) also carry `error_code: "TOKEN_ERROR"` for the reference's clients. */
export function envelope<T>(code: number, message: string, data: T): Envelope<T> {
  const answer: Envelope<T> = { code, message, data, timestamp: Math.floor(Date.now() / 1000) };
  if (isTokenCode(code)) answer.error_code = TOKEN_ERROR_CODE;
  return answer;
}

export const ok = <T>(data: T, message = "操作成功"): Envelope<T> => envelope(Code.SUCCESS, message, data);
