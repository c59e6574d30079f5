import type { Generated } from "kysely";

/** Tables of migration 0008: carts. */
export interface CartTables {
  cart: CartTable;
}

export interface CartTable {
  cart_id: Generated<number>;
  site_id: number;
  member_id: number;
  sku_id: number;
  num: number;
  create_time: number;
  update_time: number;
}
