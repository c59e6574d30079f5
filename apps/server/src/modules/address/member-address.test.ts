import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_MEMBER_ADDRESSES, type MemberAddress, type Page } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { addAddress, defaultAddressIds, shenzhenAddress } from "./test-fixtures.ts";

describe("member addresses (/api/memberaddress/*)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const call = <T>(member: TestMember, path: string, body: object = {}) => t.call<T>(path, body, { token: member.token });
  const page = async (member: TestMember) => (await call<Page<MemberAddress>>(member, "/api/memberaddress/page", { page_size: 0 })).data;
  const info = async (member: TestMember, id: number) => (await call<MemberAddress>(member, "/api/memberaddress/info", { id })).data;

  it("adds an address with the full address built from the region names; the first one is the default", async () => {
    const member = await registerMember(t);
    const id = await addAddress(t, member, { telephone: "0755-86013388", longitude: "113.9345", latitude: "22.5405", full_address: "伪造" } as never);
    expect(await info(member, id)).toEqual({
      id,
      name: "张三",
      mobile: "13800138000",
      telephone: "0755-86013388",
      province_id: 440000,
      city_id: 440300,
      district_id: 440305,
      address: "科技园科苑路 15 号",
      full_address: "广东省 深圳市 南山区",
      longitude: "113.9345",
      latitude: "22.5405",
      is_default: 1,
    });
    expect((await call<MemberAddress>(member, "/api/memberaddress/info", { default: 1 })).data?.id).toBe(id);
  });

  it("answers null for the default of a member without addresses", async () => {
    const member = await registerMember(t);
    expect(await call(member, "/api/memberaddress/info", { default: 1 })).toMatchObject({ code: 0, data: null });
    expect(await page(member)).toEqual({ page_count: 0, count: 0, list: [] });
  });

  it("keeps exactly one default: add as default, set default, edit, delete the default", async () => {
    const member = await registerMember(t);
    const first = await addAddress(t, member);
    const second = await addAddress(t, member, { name: "李四" });
    expect(await defaultAddressIds(t, member.member_id)).toEqual([first]);

    const third = await addAddress(t, member, { name: "王五", is_default: 1 });
    expect(await defaultAddressIds(t, member.member_id)).toEqual([third]);
    expect((await page(member)).list.map((row) => row.id)).toEqual([third, second, first]);

    expect((await call(member, "/api/memberaddress/setdefault", { id: first })).data).toBe(first);
    expect(await defaultAddressIds(t, member.member_id)).toEqual([first]);
    expect((await page(member)).list.map((row) => row.id)).toEqual([first, third, second]);

    // Editing the default with is_default 0 keeps it the default; editing another with 1 moves it.
    expect((await call(member, "/api/memberaddress/edit", { ...shenzhenAddress({ name: "张三丰" }), id: first, is_default: 0 })).code).toBe(0);
    expect(await defaultAddressIds(t, member.member_id)).toEqual([first]);
    expect((await call(member, "/api/memberaddress/edit", { ...shenzhenAddress(), id: second, is_default: 1 })).code).toBe(0);
    expect(await defaultAddressIds(t, member.member_id)).toEqual([second]);

    // Deleting the default promotes the newest remaining address; deleting the last leaves none.
    expect((await call(member, "/api/memberaddress/delete", { id: second })).data).toBe(second);
    expect(await defaultAddressIds(t, member.member_id)).toEqual([third]);
    await call(member, "/api/memberaddress/delete", { id: first });
    expect(await defaultAddressIds(t, member.member_id)).toEqual([third]);
    await call(member, "/api/memberaddress/delete", { id: third });
    expect(await page(member)).toMatchObject({ count: 0, list: [] });
    expect((await call(member, "/api/memberaddress/delete", { id: third })).message).toBe("地址不存在");
  });

  it("edits every field and rebuilds the full address", async () => {
    const member = await registerMember(t);
    const id = await addAddress(t, member);
    const edited = { name: "李雷", mobile: "13912345678", telephone: "", province_id: 110000, city_id: 110100, district_id: 110105, address: "建国路 88 号" };
    expect((await call(member, "/api/memberaddress/edit", { id, ...edited })).data).toBe(id);
    expect(await info(member, id)).toMatchObject({ ...edited, full_address: "北京市 市辖区 朝阳区", is_default: 1 });
  });

  it("refuses a region chain that is not real, leaving nothing written", async () => {
    const member = await registerMember(t);
    const broken = [
      { province_id: 440000, city_id: 440300, district_id: 110101 },
      { province_id: 110000, city_id: 440300, district_id: 440305 },
      { province_id: 440300, city_id: 440000, district_id: 440305 },
      { province_id: 440000, city_id: 440300, district_id: 440300 },
      { province_id: 440000, city_id: 440300, district_id: 999_999 },
    ];
    for (const chain of broken) {
      expect(await call(member, "/api/memberaddress/add", shenzhenAddress(chain)), JSON.stringify(chain)).toMatchObject({
        code: -10006,
        message: "所选地区不正确，请重新选择省、市、区",
      });
    }
    const id = await addAddress(t, member);
    expect((await call(member, "/api/memberaddress/edit", { ...shenzhenAddress(broken[0]), id, name: "改名" })).code).toBe(-10006);
    expect((await info(member, id)).name).toBe("张三");
    expect((await page(member)).count).toBe(1);
  });

  it("validates the fields with -10006 naming them", async () => {
    const member = await registerMember(t);
    const cases: Array<[object, string]> = [
      [{ mobile: "12345678901" }, "mobile"],
      [{ mobile: "" }, "mobile"],
      [{ name: "  " }, "name"],
      [{ name: "名".repeat(21) }, "name"],
      [{ address: "" }, "address"],
      [{ address: "路".repeat(101) }, "address"],
      [{ telephone: "电话" }, "telephone"],
      [{ province_id: 0 }, "province_id"],
      [{ district_id: "abc" }, "district_id"],
      [{ longitude: "181" }, "longitude"],
      [{ latitude: "north" }, "latitude"],
      [{ is_default: 2 }, "is_default"],
    ];
    for (const [override, field] of cases) {
      const response = await call(member, "/api/memberaddress/add", shenzhenAddress(override as never));
      expect(response.code, JSON.stringify(override)).toBe(-10006);
      expect(response.message, JSON.stringify(override)).toContain(field);
    }
    expect((await call(member, "/api/memberaddress/add", { ...shenzhenAddress(), mobile: undefined })).message).toBe("参数 mobile 不能为空");
    expect((await call(member, "/api/memberaddress/info", {})).code).toBe(-10006);
    expect((await call(member, "/api/memberaddress/setdefault", { id: "x" })).code).toBe(-10006);
    expect((await page(member)).count).toBe(0);
  });

  it(`caps a member at ${MAX_MEMBER_ADDRESSES} addresses`, async () => {
    const member = await registerMember(t);
    for (let index = 0; index < MAX_MEMBER_ADDRESSES; index += 1) await addAddress(t, member, { name: `收货人${index}` });
    expect(await call(member, "/api/memberaddress/add", shenzhenAddress())).toMatchObject({
      code: -1,
      message: `最多只能保存 ${MAX_MEMBER_ADDRESSES} 个收货地址，请先删除不用的地址`,
    });
    const listed = await page(member);
    expect(listed.count).toBe(MAX_MEMBER_ADDRESSES);
    await call(member, "/api/memberaddress/delete", { id: listed.list[5]!.id });
    expect((await call(member, "/api/memberaddress/add", shenzhenAddress())).code).toBe(0);
  });

  it("pages the addresses", async () => {
    const member = await registerMember(t);
    for (const name of ["甲", "乙", "丙"]) await addAddress(t, member, { name });
    const second = (await call<Page<MemberAddress>>(member, "/api/memberaddress/page", { page: 2, page_size: 2 })).data;
    expect(second).toMatchObject({ count: 3, page_count: 2 });
    expect(second.list.map((row) => row.name)).toEqual(["乙"]);
  });
});
