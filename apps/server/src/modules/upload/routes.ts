import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";

/** Uploads: images members send with evaluations, refunds and complaints (issue 9). */
export function registerUploadRoutes(_api: Api, _app: FastifyInstance): void {}
