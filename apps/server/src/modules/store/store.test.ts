import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, StoreItem } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";

describe("stores: /api/store/page and /api/store/info", () => {
  let t: TestApp;
  let closedId = 0;
  beforeAll(async () => {
    t = await startTestApp({ seed: 200 });
    const closed = await t.app.deps.db
      .insertInto("store")
      .values({
        store_name: "优选商城停业店", telphone: "", store_image: "", province_name: "北京市", city_name: "北京市",
        district_name: "朝阳区", address: "停业路1号", full_address: "北京市朝阳区停业路1号", longitude: "", latitude: "",
        open_date: "", status: 0, create_time: 0,
      })
      .returning("store_id")
      .executeTakeFirstOrThrow();
    closedId = closed.store_id;
  });
  afterAll(() => t.close());

  const search = async (body: object) => {
    const response = await t.call<Page<StoreItem>>("/api/store/page", body);
    expect(response.code, response.message).toBe(0);
    return response.data;
  };

  it("lists the open seeded stores with address, hours, phone and image", async () => {
    const all = await search({ page_size: 100 });
    expect(all.count).toBeGreaterThanOrEqual(12);
    expect(all.list.map((store) => store.store_id)).not.toContain(closedId);
    const first = all.list[0]!;
    expect(first.store_name).toContain("店");
    expect(first.full_address).toContain(first.address);
    expect(first.open_date).toMatch(/\d{2}:\d{2}-\d{2}:\d{2}/);
    expect(first.telphone).toMatch(/^\d{3,4}-\d+$/);
    expect(first.store_image).toMatch(/upload\//);
    expect(Number(first.latitude)).toBeGreaterThan(0);
  });

  it("pages", async () => {
    const first = await search({ page: 1, page_size: 5 });
    const second = await search({ page: 2, page_size: 5 });
    expect(first.list).toHaveLength(5);
    expect(first.page_count).toBe(Math.ceil(first.count / 5));
    expect(second.list[0]!.store_id).toBeGreaterThan(first.list[4]!.store_id);
  });

  it("searches the name and the address", async () => {
    const byName = await search({ keyword: "西湖" });
    expect(byName.list.map((store) => store.store_name)).toEqual(["优选商城杭州西湖店"]);
    const byCity = await search({ keyword: "广东省" });
    expect(byCity.count).toBe(2);
    const byStreet = await search({ keyword: "德基广场" });
    expect(byStreet.list.map((store) => store.city_name)).toEqual(["南京市"]);
    expect((await search({ keyword: "停业" })).count).toBe(0);
    expect(await search({ keyword: "火星" })).toEqual({ page_count: 0, count: 0, list: [] });
    expect((await search({ keyword: "%" })).count).toBe(0);
  });

  it("answers one open store, -1 门店不存在 otherwise", async () => {
    const [store] = (await search({ page_size: 1 })).list;
    const info = await t.call<StoreItem>("/api/store/info", { store_id: store!.store_id });
    expect(info).toMatchObject({ code: 0, data: store });
    for (const store_id of [closedId, 999_999]) {
      expect(await t.call("/api/store/info", { store_id })).toMatchObject({ code: -1, message: "门店不存在" });
    }
  });

  it.each([
    ["/api/store/page", { keyword: "x".repeat(51) }, "keyword"],
    ["/api/store/page", { page: -1 }, "page"],
    ["/api/store/info", {}, "store_id"],
    ["/api/store/info", { store_id: "abc" }, "store_id"],
  ])("%s refuses %j naming %s", async (path, body, field) => {
    const response = await t.call(path, body);
    expect(response.code).toBe(-10006);
    expect(response.message).toContain(field);
  });
});
