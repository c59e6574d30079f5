/** Response codes of the wire contract (see docs/api.md and the Niushop reference). */
export const Code = {
  SUCCESS: 0,
  ERROR: -1,
  SITE_NOT_EXIST: -2,
  SITE_CLOSED: -3,
  FAIL: -10001,
  UNKNOWN: -10005,
  PARAM: -10006,
  TOKEN_ERROR: -10009,
  TOKEN_EXPIRE: -10010,
  /**
   * Ours (the reference has none): a per-address rate limit, `操作过于频繁，请稍后再试` with
   * `data: {retry_after}` (seconds), HTTP 200 so that the reference's clients show the message.
   */
  TOO_MANY_REQUESTS: -10029,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** True for the codes after which a client must forget its token. */
export function isTokenCode(code: number): boolean {
  return code === Code.TOKEN_ERROR || code === Code.TOKEN_EXPIRE;
}

/**
 * Sent beside -10009 and -10010 in `error_code`: the reference's clients recognise a dead session
 * by this field (not by the code), and act on this one value only, so an expired session carries it too.
 */
export const TOKEN_ERROR_CODE = "TOKEN_ERROR";

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
  timestamp: number;
  /** "TOKEN_ERROR" on -10009 / -10010 answers (for clients of the reference); absent otherwise. */
  error_code?: typeof TOKEN_ERROR_CODE;
}

export interface Page<T> {
  page_count: number;
  count: number;
  list: T[];
}
