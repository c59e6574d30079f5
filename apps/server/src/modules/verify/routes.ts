import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";

/** Verification of pickup and virtual-goods codes by verifiers, and the verifier records (issue 9). */
export function registerVerifyRoutes(_api: Api, _app: FastifyInstance): void {}
