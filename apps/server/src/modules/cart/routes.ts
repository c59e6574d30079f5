import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";

/** Routes of the cart work (issue 6). */
export function registerCartRoutes(_api: Api, _app: FastifyInstance): void {}
