import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";

/** 会员 in the console (/shopapi/member/*): list, detail, adjustments, status, labels. */
export function registerMemberAdminRoutes(_api: Api, _app: FastifyInstance): void {}
