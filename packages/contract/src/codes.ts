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
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** True for the codes after which a client must forget its token. */
export function isTokenCode(code: number): boolean {
  return code === Code.TOKEN_ERROR || code === Code.TOKEN_EXPIRE;
}

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
  timestamp: number;
}

export interface Page<T> {
  page_count: number;
  count: number;
  list: T[];
}
