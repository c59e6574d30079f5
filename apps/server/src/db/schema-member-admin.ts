import type { Generated } from "kysely";

/**
 * Tables of one area of issue 23 (back office II). A new table goes here, into its migration, and
 * into `memberAdminExpected` below (checked against the database by schema-matches-migrations.test.ts).
 */
export interface MemberLabelTable {
  label_id: Generated<number>;
  label_name: string;
  remark: string;
  sort: number;
  create_time: number;
}

/** A label a member carries (unique per member and label). */
export interface MemberLabelMemberTable {
  id: Generated<number>;
  member_id: number;
  label_id: number;
}

export interface MemberAdminTables {
  member_label: MemberLabelTable;
  member_label_member: MemberLabelMemberTable;
}

const NN = "not null" as const;

/** This area's part of EXPECTED_SCHEMA (expected-schema.ts): its tables' columns and whether each may be NULL. */
export const memberAdminExpected = {
  member_label: { label_id: NN, label_name: NN, remark: NN, sort: NN, create_time: NN },
  member_label_member: { id: NN, member_id: NN, label_id: NN },
};
