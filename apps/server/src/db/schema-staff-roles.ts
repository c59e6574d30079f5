import type { Generated } from "kysely";

/**
 * Staff roles (issue 23, migration 0036, modules/staff/groups.ts). Checked against the database by
 * schema-matches-migrations.test.ts through `staffRolesExpected` below.
 */
export interface StaffRoleTables {
  staff_group: StaffGroupTable;
}

/** A role: its permission names joined by "," (the reference's menu_array); is_system = 1 is 管理员 (every permission). */
export interface StaffGroupTable {
  group_id: Generated<number>;
  group_name: string;
  menu_array: string;
  desc: string;
  is_system: number;
  create_time: number;
  modify_time: Generated<number>;
}

const NN = "not null";

/** This area's part of EXPECTED_SCHEMA (expected-schema.ts): its tables' columns and whether each may be NULL. */
export const staffRolesExpected = {
  staff_group: { group_id: NN, group_name: NN, menu_array: NN, desc: NN, is_system: NN, create_time: NN, modify_time: NN },
} as const;
