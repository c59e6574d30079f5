import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";

/** Routes of the pay work (issue 6). */
export function registerPayRoutes(_api: Api, _app: FastifyInstance): void {}
