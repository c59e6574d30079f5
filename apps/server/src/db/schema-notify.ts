/**
 * Tables of one area of issue 23 (back office II). A new table goes here, into its migration, and
 * into `notifyExpected` below (checked against the database by schema-matches-migrations.test.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its tables are added by the change that needs them
export interface NotifyTables {}

/** This area's part of EXPECTED_SCHEMA (expected-schema.ts): its tables' columns and whether each may be NULL. */
export const notifyExpected = {};
