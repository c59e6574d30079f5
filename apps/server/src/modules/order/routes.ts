import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";

/** Routes of the order work (issue 6). */
export function registerOrderRoutes(_api: Api, _app: FastifyInstance): void {}
