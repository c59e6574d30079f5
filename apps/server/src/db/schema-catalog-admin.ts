import type { Generated } from "kysely";

/** Tables of the catalogue's taxonomy and delivery set-up (categories, brands, services, labels, stores, express and freight templates) (migration 0032). */
export interface CatalogAdminTables {
  goods_label: GoodsLabelTable;
}

/** A goods label (新品, 爆款 …) the back office keeps; goods carry its name (goods.label_name). */
export interface GoodsLabelTable {
  id: Generated<number>;
  label_name: string;
  sort: number;
  create_time: number;
}

// Migration 0032 gave stores their region codes; the store table itself is declared in schema.ts.
declare module "./schema.ts" {
  interface StoreTable {
    /** region codes (GB/T 2260) of the store's address; 0 for stores made before migration 0032 */
    province_id: Generated<number>;
    city_id: Generated<number>;
    district_id: Generated<number>;
  }
}
