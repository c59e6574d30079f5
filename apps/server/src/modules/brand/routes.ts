import type { Api } from "../../core/api.ts";
import { countBrandInitials, pageBrands } from "./service.ts";

/** The brand wall (/goods/brand). */
export function registerBrandRoutes(api: Api): void {
  const { db } = api.deps;
  api.post("/api/goodsbrand/page", (body) => pageBrands(db, body));
  api.post("/api/goodsbrand/initials", () => countBrandInitials(db));
}
