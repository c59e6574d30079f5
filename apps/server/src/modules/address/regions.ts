import type { MadeAddress, Region, RegionCity, RegionLevel } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import type { Db } from "../../db/unit-of-work.ts";
import { BizError } from "../../core/errors.ts";
import { pickRegionByName } from "./region-names.ts";

/** Reads of the `region` table (GB/T 2260 divisions loaded by migration 0007). */

const REGION_COLUMNS = ["id", "pid", "name", "shortname", "level"] as const;

const toRegion = (row: { id: number; pid: number; name: string; shortname: string; level: number }): Region => ({
  id: Number(row.id),
  pid: Number(row.pid),
  name: row.name,
  shortname: row.shortname,
  level: Number(row.level) as RegionLevel,
});

/** Children of `pid` (0: the provinces), in code order; [] for an unknown or district id. */
export async function listRegions(db: Db, pid: number): Promise<Region[]> {
  const rows = await db.selectFrom("region").select(REGION_COLUMNS).where("pid", "=", pid).orderBy("sort").orderBy("id").execute();
  return rows.map(toRegion);
}

/** Cities with their province; `name` keeps those whose name, short name or province contains it. */
export async function findCities(db: Db, name: string): Promise<RegionCity[]> {
  let query = db
    .selectFrom("region as city")
    .innerJoin("region as province", "province.id", "city.pid")
    .select(["city.id", "city.pid", "city.name", "city.shortname", "city.level", "province.name as province_name"])
    .where("city.level", "=", 2);
  if (name) {
    // No region name holds LIKE's wildcards; refusing them spares an ESCAPE clause per dialect.
    if (/[\\%_]/.test(name)) return [];
    const pattern = `%${name}%`;
    query = query.where((eb) =>
      eb.or([
        eb("city.name", "like", eb.val(pattern)),
        eb("city.shortname", "like", eb.val(pattern)),
        eb("province.name", "like", eb.val(pattern)),
      ]),
    );
  }
  const rows = await query.orderBy("city.id").execute();
  return rows.map((row) => ({ ...toRegion(row), province_id: Number(row.pid), province_name: row.province_name }));
}

export interface RegionChainIds {
  province_id: number;
  city_id: number;
  district_id: number;
}

const INVALID_CHAIN = "所选地区不正确，请重新选择省、市、区";

/**
 * The province → city → district chain of three ids with its names, or a -10006 error when the ids
 * are not a real chain (unknown code, wrong level, a city of another province …).
 */
export async function resolveRegionChain(db: Db, ids: RegionChainIds): Promise<MadeAddress> {
  const rows = await db
    .selectFrom("region")
    .select(["id", "pid", "name", "level"])
    .where("id", "in", [ids.province_id, ids.city_id, ids.district_id])
    .execute();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const province = byId.get(ids.province_id);
  const city = byId.get(ids.city_id);
  const district = byId.get(ids.district_id);
  const isChain =
    Number(province?.level) === 1 &&
    Number(city?.level) === 2 &&
    Number(city?.pid) === ids.province_id &&
    Number(district?.level) === 3 &&
    Number(district?.pid) === ids.city_id;
  if (!isChain || !province || !city || !district) throw new BizError(INVALID_CHAIN, Code.PARAM);
  return {
    ...ids,
    province_name: province.name,
    city_name: city.name,
    district_name: district.name,
    full_address: `${province.name} ${city.name} ${district.name}`,
  };
}

export interface MakeAddressInput {
  province_id?: number;
  city_id?: number;
  district_id?: number;
  province?: string;
  city?: string;
  district?: string;
}

/**
 * /api/address/make. With `district_id`: its chain (checked against province_id / city_id when
 * given). Otherwise from names as a client typed them ("广东" / "广东省", "深圳", "南山区"): see
 * resolveNames.
 */
export async function makeAddress(db: Db, input: MakeAddressInput): Promise<MadeAddress> {
  if (input.district_id !== undefined) {
    const district = await db.selectFrom("region").select(["pid", "level"]).where("id", "=", input.district_id).executeTakeFirst();
    const city = district ? await db.selectFrom("region").select("pid").where("id", "=", Number(district.pid)).executeTakeFirst() : undefined;
    if (!district || !city || Number(district.level) !== 3) throw new BizError(INVALID_CHAIN, Code.PARAM);
    const ids = { province_id: Number(city.pid), city_id: Number(district.pid), district_id: input.district_id };
    const mismatch =
      (input.province_id !== undefined && input.province_id !== ids.province_id) || (input.city_id !== undefined && input.city_id !== ids.city_id);
    if (mismatch) throw new BizError(INVALID_CHAIN, Code.PARAM);
    return resolveRegionChain(db, ids);
  }
  return resolveRegionChain(db, await resolveNames(db, input));
}

/**
 * Names → ids. The province must be found. The district is looked for under the matched city, or
 * under every city of the province when the city name did not match one: clients name
 * municipalities' city level "北京市" (ours is 市辖区) and directly administered county-level
 * cities as their own city (仙桃市). Without a district name, a city with a single district
 * (东莞市) takes that one.
 */
async function resolveNames(db: Db, input: MakeAddressInput): Promise<RegionChainIds> {
  const provinces = await listRegions(db, 0);
  const province = pickRegionByName(provinces, input.province ?? "");
  if (!province) throw notFound(input.province ?? "");
  const cities = await listRegions(db, province.id);
  const city = input.city ? pickRegionByName(cities, input.city) : undefined;
  const candidates = city ? [city] : cities;
  const districts = (
    await db
      .selectFrom("region")
      .select(REGION_COLUMNS)
      .where("pid", "in", candidates.map((candidate) => candidate.id))
      .orderBy("id")
      .execute()
  ).map(toRegion);
  if (!input.district) {
    if (city && districts.length === 1) return { province_id: province.id, city_id: city.id, district_id: districts[0]!.id };
    if (input.city && !city) throw notFound(input.city);
    throw new BizError("请选择区/县", Code.PARAM);
  }
  const district = pickRegionByName(districts, input.district);
  if (!district) throw notFound(input.district);
  return { province_id: province.id, city_id: district.pid, district_id: district.id };
}

const notFound = (name: string) => new BizError(`地址库中未找到「${name}」`, Code.ERROR);
