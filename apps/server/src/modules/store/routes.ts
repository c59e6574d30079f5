import type { Api } from "../../core/api.ts";
import { getStore, pageStores } from "./service.ts";

/** Stores (门店): search for /street, later pickup. */
export function registerStoreRoutes(api: Api): void {
  const { db } = api.deps;
  api.public("/api/store/page", (body) => pageStores(db, body));
  api.public("/api/store/info", ({ store_id }) => getStore(db, store_id));
}
