import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";

/** Notifications: buyers' SMS per order/refund/withdrawal event, staff live notifications. */
export function registerNotifyRoutes(_api: Api, _app: FastifyInstance): void {}
