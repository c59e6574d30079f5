import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";

/** The back office's staff calls for ads, the home page's floors, navigation and friendly links (modules/site), articles, notices and help (modules/cms). */
export function registerContentAdminRoutes(_api: Api, _app: FastifyInstance): void {}
