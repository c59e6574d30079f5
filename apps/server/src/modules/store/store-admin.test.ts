import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, StoreItem } from "@shop/contract";
import type { AdminStore } from "@shop/contract/domains/admin-catalog";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { staffToken } from "../staff/testing.ts";
import { openStores } from "../checkout/pickup.ts";

/** /shopapi/store/*: pickup stores kept in the back office; /street and checkout's pickup choice follow. */
describe("back office: stores", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ config: { dataCache: true } });
    admin = await staffToken(t, "admin");
  });
  afterAll(() => t.close());

  const nanshan = { province_id: 440000, city_id: 440300, district_id: 440305 };
  const storeBody = (store_name: string, extra: object = {}) => ({
    store_name, telphone: "0755-8888 6666", ...nanshan, address: "科技园南区 1 号", open_date: "09:00-21:00", longitude: "113.9442", latitude: "22.5405", ...extra,
  });
  const staffCall = async <T>(path: string, body: object) => {
    const response = await t.call<T>(path, body, { token: admin });
    expect(response.code, `${path}: ${response.message}`).toBe(0);
    return response.data;
  };
  const streetNames = async () => (await t.call<Page<StoreItem>>("/api/store/page", { page_size: 100 })).data.list.map((store) => store.store_name);
  const pickupNames = async () => (await openStores(t.app.deps.db)).map((store) => store.store_name);

  it("adds a store with its region names from the codes; /street and the pickup choice show it", async () => {
    const { store_id } = await staffCall<{ store_id: number }>("/shopapi/store/addstore", storeBody("南山旗舰店"));
    const info = await t.call<StoreItem>("/api/store/info", { store_id });
    expect(info.data).toMatchObject({ province_name: "广东省", city_name: "深圳市", district_name: "南山区", full_address: "广东省深圳市南山区科技园南区 1 号" });
    expect(await streetNames()).toContain("南山旗舰店");
    expect(await pickupNames()).toContain("南山旗舰店");
    const beijing = await staffCall<{ store_id: number }>("/shopapi/store/addstore", storeBody("东城店", { province_id: 110000, city_id: 110100, district_id: 110101, longitude: "", latitude: "" }));
    expect((await t.call<StoreItem>("/api/store/info", { store_id: beijing.store_id })).data.full_address).toBe("北京市东城区科技园南区 1 号");
  });

  it("edits, closes, reopens and deletes a store", async () => {
    const { store_id } = await staffCall<{ store_id: number }>("/shopapi/store/addstore", storeBody("临时店"));
    await staffCall("/shopapi/store/editstore", { store_id, ...storeBody("临时店（改）", { open_date: "10:00-18:30" }) });
    expect((await t.call<StoreItem>("/api/store/info", { store_id })).data).toMatchObject({ store_name: "临时店（改）", open_date: "10:00-18:30" });
    await staffCall("/shopapi/store/closestore", { store_id, status: 0 });
    expect(await streetNames()).not.toContain("临时店（改）");
    expect(await pickupNames()).not.toContain("临时店（改）");
    const closed = await staffCall<Page<AdminStore>>("/shopapi/store/lists", { status: 0 });
    expect(closed.list.map((store) => store.store_id)).toContain(store_id);
    expect(closed.list.find((store) => store.store_id === store_id)).toMatchObject({ ...nanshan, status: 0 });
    await staffCall("/shopapi/store/closestore", { store_id, status: 1 });
    expect(await pickupNames()).toContain("临时店（改）");
    await staffCall("/shopapi/store/deletestore", { store_id });
    expect((await t.call("/api/store/info", { store_id })).message).toBe("门店不存在");
    expect((await t.call("/shopapi/store/deletestore", { store_id }, { token: admin })).message).toBe("门店不存在");
    const actions = await t.app.deps.db.selectFrom("staff_log").select("action").where("target_type", "=", "store").where("target_id", "=", String(store_id)).orderBy("id").execute();
    expect(actions.map((row) => row.action)).toEqual(["store.add", "store.edit", "store.close", "store.open", "store.delete"]);
  });

  it("searches the list by name or address", async () => {
    await staffCall("/shopapi/store/addstore", storeBody("搜索测试店", { address: "深南大道 9 号" }));
    const byAddress = await staffCall<Page<AdminStore>>("/shopapi/store/lists", { search_text: "深南大道" });
    expect(byAddress.list.map((store) => store.store_name)).toEqual(["搜索测试店"]);
  });

  it("validates: region chain, phone, hours and coordinates, with messages naming the field; a servicer is refused", async () => {
    const refuse = async (body: object) => (await t.call("/shopapi/store/addstore", body, { token: admin })).message;
    expect(await refuse(storeBody("错地区", { city_id: 110100 }))).toBe("所选地区不正确，请重新选择省、市、区");
    expect(await refuse(storeBody(""))).toBe("参数 store_name 不能为空");
    expect(await refuse(storeBody("店", { telphone: "打电话" }))).toBe("参数 telphone 格式不正确");
    expect(await refuse(storeBody("店", { open_date: "全天" }))).toBe("营业时间格式应为 09:00-21:00，且开门早于关门");
    expect(await refuse(storeBody("店", { open_date: "21:00-09:00" }))).toBe("营业时间格式应为 09:00-21:00，且开门早于关门");
    expect(await refuse(storeBody("店", { longitude: "200" }))).toBe("经度格式不正确");
    expect(await refuse({ ...storeBody("店"), district_id: undefined })).toBe("参数 district_id 不能为空");
    const servicer = await staffToken(t, "servicer");
    expect((await t.call("/shopapi/store/addstore", storeBody("客服店"), { token: servicer })).message).toBe("没有执行此操作的权限");
    const rows = await t.app.deps.db.selectFrom("store").select("store_id").where("store_name", "in", ["错地区", "客服店"]).execute();
    expect(rows).toEqual([]);
  });
});
