import type { Kysely } from "kysely";
import type { DialectName } from "../connect.ts";
import { createIndex, tableBuilder } from "../table-builder.ts";

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
}
