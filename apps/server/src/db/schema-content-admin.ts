import type { Generated } from "kysely";

/** Tables of the content back office (ads, home page floors, navigation, articles, notices, help) (migration 0033). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no new tables: 0033 adds columns to adv (below)
export interface ContentAdminTables {}

declare module "./schema.ts" {
  /** An ad's time window (migration 0033): unix seconds, 0 = no bound. */
  interface AdvTable {
    start_time: Generated<number>;
    end_time: Generated<number>;
  }
}
