import type { Generated } from "kysely";

/** Tables of migration 0020: verifiers and the records of used pickup / virtual codes (modules/verify). */
export interface VerifyTables {
  verifier: VerifierTable;
  verify_record: VerifyRecordTable;
}

/** A member granted the verifier role by staff (one row per member). */
export interface VerifierTable {
  verifier_id: Generated<number>;
  member_id: number;
  /** shown on the records and to the shopper's timeline as who verified */
  verifier_name: string;
  /** the staff member who granted the role */
  staff_id: number;
  create_time: number;
  modify_time: number;
}

/** One used code (unique per order): who used it, when, and the goods as they were then. */
export interface VerifyRecordTable {
  id: Generated<number>;
  verify_code: string;
  /** pickup | virtualgoods */
  verify_type: string;
  verify_type_name: string;
  order_id: number;
  order_no: string;
  buyer_member_id: number;
  /** member (a verifier) | staff (the staff API) */
  verifier_type: string;
  /** the verifier row, 0 for staff */
  verifier_id: number;
  /** the verifier's member id, 0 for staff: a verifier sees the records with its own */
  verifier_member_id: number;
  staff_id: number;
  verifier_name: string;
  store_id: number;
  store_name: string;
  /** JSON {item_array: [{img, name, price, num}], remark_array: [{title, value}]} as at verification */
  verify_content_json: string;
  /** virtual goods: when the code would have expired (0 = never, or a pickup code) */
  expire_time: number;
  verify_time: number;
}
