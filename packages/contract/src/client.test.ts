import { describe, expect, it } from "vitest";
import { ApiError, createApiClient } from "./client.ts";

describe("ApiError", () => {
  it("is recognised across copies of the class (server and web bundle each load one)", () => {
    const foreign = new Error("x") as Error & Record<symbol, unknown>;
    foreign[Symbol.for("@shop/contract/ApiError")] = true;
    expect(foreign instanceof ApiError).toBe(true);
    expect(new Error("plain") instanceof ApiError).toBe(false);
    expect((null as unknown as object) instanceof ApiError).toBe(false);
  });

  it("is thrown by call() for non-zero codes, with the envelope's code and message", async () => {
    const api = createApiClient(async () => ({ code: -10009, message: "您尚未登录", data: null, timestamp: 0 }));
    const error = await api.call("/api/member/info").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: -10009, message: "您尚未登录" });
  });
});
