import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoints, type EndpointPath } from "@shop/contract/endpoints";
import { Code } from "@shop/contract/codes";
import { startTestApp, type TestApp } from "../test/harness.ts";

/**
 * Every call of the contract, fed malformed bodies: it must answer a JSON envelope with a known
 * code — never a 500, never HTML — and a wrongly typed field must be refused with -10006 naming it.
 */
const KNOWN_CODES = new Set<number>(Object.values(Code));
const paths = Object.keys(endpoints) as EndpointPath[];

function fieldsOf(path: EndpointPath): string[] {
  const schema = endpoints[path].body as unknown;
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

describe("every endpoint answers bad input with a clean envelope", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Rate limits are per IP: give every request its own address so they never interfere here.
    t = await startTestApp({ seed: true });
  });
  afterAll(() => t.close());

  let ipCounter = 0;
  const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  async function expectEnvelope(path: string, body: unknown, rawBody?: string) {
    const response = await t.request(path, body, { ip: nextIp(), rawBody });
    expect(response.status, `${path} HTTP status`).toBeLessThan(500);
    expect(String(response.headers["content-type"])).toContain("application/json");
    expect(KNOWN_CODES.has(response.body.code), `${path} code ${response.body.code}`).toBe(true);
    expect(typeof response.body.message).toBe("string");
    return response.body;
  }

  it.each(paths)("%s: empty, malformed and non-object bodies", async (path) => {
    await expectEnvelope(path, {});
    expect((await expectEnvelope(path, undefined, "{not json")).code).toBe(Code.PARAM);
    expect((await expectEnvelope(path, undefined, "[]")).code).toBe(Code.PARAM);
    expect((await expectEnvelope(path, undefined, "null")).code).toBe(Code.PARAM);
  });

  it.each(paths.filter((path) => fieldsOf(path).length > 0))("%s: each field with a wrong type or oversized", async (path) => {
    for (const field of fieldsOf(path)) {
      const wrongType = await expectEnvelope(path, { [field]: { nested: [1, 2] } });
      expect(wrongType.code, `${path} ${field} as object`).toBe(Code.PARAM);
      // The message names the offending field (or another field of the call that is still missing).
      const named = /参数 ([\w.]+)/.exec(wrongType.message)?.[1]?.split(".")[0];
      expect(fieldsOf(path), `${path} ${field}: "${wrongType.message}"`).toContain(named);
      await expectEnvelope(path, { [field]: "字".repeat(5000) });
      // PostgreSQL refuses NUL in text: it must be stopped before any query.
      expect((await expectEnvelope(path, { [field]: "a\u0000b" })).code, `${path} ${field} with NUL`).toBe(Code.PARAM);
      await expectEnvelope(path, { [field]: -1 });
      await expectEnvelope(path, { [field]: null });
    }
  });
});
