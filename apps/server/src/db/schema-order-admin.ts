/**
 * Tables of one area of issue 23 (back office II). A new table goes here, into its migration, and
 * into `orderAdminExpected` below (checked against the database by schema-matches-migrations.test.ts).
 */
export interface OrderAdminTables {
  order_remark: OrderRemarkTable;
}

/** The shop's remark on an order (卖家备注, reference orders.remark): one row per order, written by /shopapi/order/orderremark. */
export interface OrderRemarkTable {
  order_id: number;
  remark: string;
  /** who wrote it last */
  staff_id: number;
  update_time: number;
}

const NN = "not null" as const;

/** This area's part of EXPECTED_SCHEMA (expected-schema.ts): its tables' columns and whether each may be NULL. */
export const orderAdminExpected = {
  order_remark: { order_id: NN, remark: NN, staff_id: NN, update_time: NN },
};
