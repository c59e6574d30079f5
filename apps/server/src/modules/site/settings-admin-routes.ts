import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";

/** The back office's staff calls for the shop's settings (site, register and login, order, points and balance), payment keys (modules/pay) and SMS (modules/auth). */
export function registerSettingsAdminRoutes(_api: Api, _app: FastifyInstance): void {}
