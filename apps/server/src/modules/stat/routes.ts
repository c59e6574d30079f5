import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";

/** 概况: statistics for the console (/shopapi/stat/*). */
export function registerStatRoutes(_api: Api, _app: FastifyInstance): void {}
