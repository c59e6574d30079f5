import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";

/** The back office's staff calls for categories, brands, services and labels (modules/goods, modules/brand), stores (modules/store), express companies and freight templates. */
export function registerCatalogAdminRoutes(_api: Api, _app: FastifyInstance): void {}
