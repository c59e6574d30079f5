import type { Api } from "../../core/api.ts";
import { brandInfo, countBrandInitials, pageBrands } from "./service.ts";

/** The brand wall (/goods/brand) and the brand of a goods list. */
export function registerBrandRoutes(api: Api): void {
  const { db } = api.deps;
  api.public("/api/goodsbrand/page", (body) => pageBrands(db, body));
  api.public("/api/goodsbrand/initials", () => countBrandInitials(db));
  api.public("/api/goodsbrand/info", ({ brand_id }) => brandInfo(db, brand_id));
}
