import { describe, expect, it } from "vitest";
import { ApiError, createApiClient, type Transport } from "@shop/contract/client";
import { Code, type Envelope } from "@shop/contract/codes";
import { newClientMsgId, sayWithRetry } from "./chat-say.ts";

const stored = { id: 41, consumer_say: "你好" };
const envelope = (code: number, message: string, data: unknown = null): Envelope => ({ code, message, data, timestamp: 0 });

/** The HTTP boundary: answers the queued envelopes in turn and records each request body. */
function scriptedTransport(answers: Envelope[]) {
  const bodies: Array<Record<string, unknown>> = [];
  const transport: Transport = async (_path, body) => {
    bodies.push(body);
    return answers.shift() ?? envelope(Code.ERROR, "no more answers");
  };
  return { bodies, api: createApiClient(transport) };
}

describe("sayWithRetry", () => {
  it("retries a network failure with the same client_msg_id, waiting 1 s then 2 s", async () => {
    const { bodies, api } = scriptedTransport([
      envelope(Code.UNKNOWN, "网络异常，请检查网络后重试"),
      envelope(Code.UNKNOWN, "请求超时，请稍后再试"),
      envelope(Code.SUCCESS, "", stored),
    ]);
    const waits: number[] = [];
    const row = await sayWithRetry(api, { content_type: 0, message: "你好", client_msg_id: "m1" }, async (ms) => void waits.push(ms));
    expect(row).toEqual(stored);
    expect(waits).toEqual([1000, 2000]);
    expect(bodies.map((body) => body.client_msg_id)).toEqual(["m1", "m1", "m1"]);
  });

  it("gives up after three tries", async () => {
    const { bodies, api } = scriptedTransport([0, 1, 2, 3].map(() => envelope(Code.UNKNOWN, "网络异常，请检查网络后重试")));
    await expect(sayWithRetry(api, { content_type: 0, message: "x", client_msg_id: "m2" }, async () => undefined)).rejects.toThrow("网络异常");
    expect(bodies).toHaveLength(3);
  });

  it("does not retry the server's refusal and passes its message on", async () => {
    const { bodies, api } = scriptedTransport([envelope(Code.PARAM, "单次最多发送150个字符")]);
    const failure = await sayWithRetry(api, { content_type: 0, message: "x", client_msg_id: "m3" }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe("单次最多发送150个字符");
    expect(bodies).toHaveLength(1);
  });
});

describe("newClientMsgId", () => {
  it("is unique and fits the contract's 64 characters", () => {
    const ids = new Set(Array.from({ length: 200 }, newClientMsgId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^m[0-9a-f]{24}$/);
  });
});
