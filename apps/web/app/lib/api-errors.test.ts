import { describe, expect, it } from "vitest";
import { ApiError, Code } from "@shop/contract";
import { LOGIN_EXPIRED_MESSAGE, apiErrorAction, retryAfterSeconds } from "./api-errors.ts";

const apiError = (code: number, message = "出错了") => new ApiError({ code, message, data: null });

describe("apiErrorAction", () => {
  it("sends the shopper to login on a token error of a forceLogin call", () => {
    expect(apiErrorAction(apiError(Code.TOKEN_ERROR), { forceLogin: true })).toEqual({ kind: "login" });
    expect(apiErrorAction(apiError(Code.TOKEN_EXPIRE), { forceLogin: true })).toEqual({ kind: "login" });
  });

  it("only tells about a token error when the call does not demand login", () => {
    expect(apiErrorAction(apiError(Code.TOKEN_ERROR))).toEqual({ kind: "toast", message: LOGIN_EXPIRED_MESSAGE });
  });

  it("shows the server message for other failures, unless silent", () => {
    expect(apiErrorAction(apiError(Code.ERROR, "验证码不正确"), { forceLogin: true })).toEqual({ kind: "toast", message: "验证码不正确" });
    expect(apiErrorAction(apiError(Code.ERROR), { silent: true })).toEqual({ kind: "ignore" });
    expect(apiErrorAction(new Error(""))).toEqual({ kind: "toast", message: "操作失败，请稍后再试" });
  });

  it("says when to try again after a rate limit (-10029 with data.retry_after)", () => {
    const limited = new ApiError({ code: Code.TOO_MANY_REQUESTS, message: "操作过于频繁，请稍后再试", data: { retry_after: 42 } });
    expect(apiErrorAction(limited)).toEqual({ kind: "toast", message: "操作过于频繁，请稍后再试（42 秒后）" });
  });
});

describe("retryAfterSeconds", () => {
  it("reads data.retry_after of a rate limit only", () => {
    expect(retryAfterSeconds(new ApiError({ code: Code.TOO_MANY_REQUESTS, message: "x", data: { retry_after: 4.2 } }))).toBe(5);
    expect(retryAfterSeconds(new ApiError({ code: Code.TOO_MANY_REQUESTS, message: "x", data: null }))).toBe(0);
    expect(retryAfterSeconds(new ApiError({ code: Code.ERROR, message: "x", data: { retry_after: 30 } }))).toBe(0);
    expect(retryAfterSeconds(new Error("x"))).toBe(0);
  });
});
