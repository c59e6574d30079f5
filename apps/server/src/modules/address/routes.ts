import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";

/** Routes of the address work (issue 6). */
export function registerAddressRoutes(_api: Api, _app: FastifyInstance): void {}
