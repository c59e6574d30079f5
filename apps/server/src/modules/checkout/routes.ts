import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";

/** Routes of the checkout work (issue 6). */
export function registerCheckoutRoutes(_api: Api, _app: FastifyInstance): void {}
