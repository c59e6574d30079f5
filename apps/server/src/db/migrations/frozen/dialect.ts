/**
 * The database kinds migrations are written for. A copy of db/connect.ts's DialectName, kept here
 * so no migration imports from outside db/migrations (see frozen/README.md).
 */
export type DialectName = "sqlite" | "postgres";
