import { Code } from "@shop/contract/codes";

/** A business error: becomes an envelope with its code and Chinese message, HTTP 200. */
export class BizError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(message: string, code: number = Code.ERROR, data: unknown = null) {
    super(message);
    this.name = "BizError";
    this.code = code;
    this.data = data;
  }
}

export const fail = (message: string, code: number = Code.ERROR, data: unknown = null): never => {
  throw new BizError(message, code, data);
};
