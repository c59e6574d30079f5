import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";

/** Evaluations: writing them (add, again) and what an order may still evaluate (issue 9). */
export function registerEvaluateRoutes(_api: Api, _app: FastifyInstance): void {}
