import type { FastifyInstance } from "fastify";
import rateLimit from "@fastify/rate-limit";
import { Code } from "@shop/contract/codes";
import type { AppConfig } from "../config.ts";
import { envelope } from "./envelope.ts";

/** Per-route rate limits (routes opt in with `rateLimit`), answered with a 429 envelope. */
export async function registerRateLimits(app: FastifyInstance, _config: AppConfig): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({ ...envelope(Code.ERROR, "操作过于频繁，请稍后再试", null), statusCode: 429 }),
  });
}
