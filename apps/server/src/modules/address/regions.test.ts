import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MadeAddress, Region, RegionCity } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { buildRegionRows } from "../../db/migrations/frozen/region-rows-0007.ts";

describe("regions (/api/address/*)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const lists = async (pid?: number) => (await t.call<Region[]>("/api/address/lists", pid === undefined ? {} : { pid })).data;
  const make = (body: object) => t.call<MadeAddress>("/api/address/make", body);

  it("loads every row of the package into the region table at migration", async () => {
    const stored = await t.app.deps.db.selectFrom("region").select(["id", "pid", "name", "shortname", "level", "sort"]).orderBy("id").execute();
    const numeric = stored.map((row) => ({ ...row, id: Number(row.id), pid: Number(row.pid), level: Number(row.level), sort: Number(row.sort) }));
    expect(numeric).toEqual(buildRegionRows());
  });

  it("lists the children of a region in code order, for guests too", async () => {
    const provinces = await lists();
    expect(provinces).toHaveLength(31);
    expect(provinces[0]).toEqual({ id: 110000, pid: 0, name: "北京市", shortname: "北京", level: 1 });
    expect((await lists(440000)).find((city) => city.id === 440300)).toMatchObject({ name: "深圳市", level: 2 });
    expect((await lists(440300)).find((district) => district.id === 440305)).toMatchObject({ name: "南山区", pid: 440300, level: 3 });
    expect(await lists(440305)).toEqual([]);
    expect(await lists(999_999)).toEqual([]);
    expect((await t.call("/api/address/lists", { pid: "440000" })).code).toBe(0);
    expect((await t.call("/api/address/lists", { pid: -1 })).code).toBe(-10006);
    expect((await t.call("/api/address/lists", { pid: "北京" })).code).toBe(-10006);
  });

  it("finds cities by name, short name or province", async () => {
    const city = async (name?: string) => (await t.call<RegionCity[]>("/api/address/city", name === undefined ? {} : { name })).data;
    expect(await city()).toHaveLength(342);
    expect(await city("深圳")).toEqual([
      { id: 440300, pid: 440000, name: "深圳市", shortname: "深圳", level: 2, province_id: 440000, province_name: "广东省" },
    ]);
    expect((await city("北京")).map((row) => [row.id, row.name, row.province_name])).toEqual([[110100, "市辖区", "北京市"]]);
    expect((await city("广东")).length).toBe(21);
    expect(await city("%")).toEqual([]);
    expect(await city("火星")).toEqual([]);
  });

  it("makes the full address of a district, checking the ids given with it", async () => {
    const made = await make({ district_id: 440305 });
    expect(made.data).toEqual({
      province_id: 440000, city_id: 440300, district_id: 440305,
      province_name: "广东省", city_name: "深圳市", district_name: "南山区", full_address: "广东省 深圳市 南山区",
    });
    expect((await make({ province_id: 440000, city_id: 440300, district_id: 440305 })).code).toBe(0);
    expect(await make({ province_id: 110000, district_id: 440305 })).toMatchObject({ code: -10006, message: "所选地区不正确，请重新选择省、市、区" });
    expect((await make({ district_id: 440300 })).code).toBe(-10006);
    expect((await make({ district_id: 123 })).code).toBe(-10006);
    expect((await make({})).code).toBe(-10006);
  });

  it("finds region ids from names as other systems write them", async () => {
    const ids = async (province: string, city: string | undefined, district: string | undefined) => {
      const response = await make({ province, city, district });
      return response.code === 0 ? [response.data.province_id, response.data.city_id, response.data.district_id] : response.message;
    };
    expect(await ids("广东", "深圳", "南山")).toEqual([440000, 440300, 440305]);
    expect(await ids("广东省", "深圳市", "南山区")).toEqual([440000, 440300, 440305]);
    // WeChat address cards name a municipality's city level after the municipality.
    expect(await ids("北京市", "北京市", "东城区")).toEqual([110000, 110100, 110101]);
    expect(await ids("重庆市", "重庆市", "城口县")).toEqual([500000, 500200, 500229]);
    expect(await ids("湖北省", "仙桃市", "仙桃市")).toEqual([420000, 429000, 429004]);
    expect(await ids("湖北", "恩施州", "利川")).toEqual([420000, 422800, 422802]);
    expect(await ids("广东省", "东莞市", undefined)).toEqual([440000, 441900, 441901]);
    expect(await ids("火星", "深圳", "南山")).toBe("地址库中未找到「火星」");
    expect(await ids("广东", "深圳", "东城区")).toBe("地址库中未找到「东城区」");
    expect(await ids("广东", "深圳", undefined)).toBe("请选择区/县");
  });
});
