import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";

/** Refunds, returns and complaints: the member calls, the staff API and their timers (issue 9). */
export function registerRefundRoutes(_api: Api, _app: FastifyInstance): void {}
