import type { FastifyInstance } from "fastify";

/**
 * Routes for tests of real server processes, registered only with NODE_ENV=test (config.testRoutes).
 * GET /__test/slow?ms=N answers after N ms (at most 30 s): a request still in flight when the
 * process is told to stop.
 */
export function registerTestRoutes(app: FastifyInstance): void {
  app.get("/__test/slow", async (request) => {
    const ms = Math.min(Math.max(Number((request.query as { ms?: string }).ms) || 0, 0), 30_000);
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { slept: ms };
  });
}
