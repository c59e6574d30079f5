import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberAddress, Page, Region } from "@shop/contract";
import type { TestApp } from "../test/harness.ts";
import { ReferenceClient } from "./reference-client.ts";
import { signedInClient, startReferenceShop } from "./fixtures.ts";

/**
 * Regions and the member's addresses as the reference's address pages call them (docs/api/address.md):
 * the three selects load `/api/address/lists` by pid, the form posts to `/api/memberaddress/{add|edit}`.
 */
describe("conformance: regions and member addresses", () => {
  let t: TestApp;
  let guest: ReferenceClient;
  let member: ReferenceClient;
  beforeAll(async () => {
    t = await startReferenceShop();
    guest = new ReferenceClient(t);
    member = await signedInClient(t);
  });
  afterAll(() => t.close());

  it("/api/address/lists answers provinces, then cities, then districts", async () => {
    const provinces = await guest.reads<Region[]>("/api/address/lists", { pid: 0 });
    const guangdong = provinces.find((region) => region.id === 440000)!;
    const cities = await guest.reads<Region[]>("/api/address/lists", { pid: guangdong.id });
    await guest.reads("/api/address/lists", { pid: cities.find((city) => city.id === 440300)!.id });
  });

  it("/api/address/city and /api/address/make answer the city finder and a chain of names", async () => {
    await guest.reads("/api/address/city", { name: "深圳" });
    const made = await guest.reads<{ district_id: number }>("/api/address/make", { province: "广东省", city: "深圳市", district: "南山区" });
    expect(made.district_id).toBe(440305);
  });

  it("/api/memberaddress/add, edit, info, page, setdefault and delete answer the address book", async () => {
    const address = {
      name: "张三", mobile: "13800138000", telephone: "", province_id: 440000, city_id: 440300, district_id: 440305,
      address: "科技园科苑路 15 号", full_address: "广东省 深圳市 南山区", longitude: "", latitude: "", is_default: 0,
    };
    const first = await member.reads<number>("/api/memberaddress/add", address);
    const second = await member.reads<number>("/api/memberaddress/add", { ...address, name: "李四", is_default: 1 });
    expect(await member.reads("/api/memberaddress/edit", { ...address, id: first, address: "科技园 1 号" })).toBe(first);
    expect(await member.reads<MemberAddress>("/api/memberaddress/info", { id: first })).toMatchObject({ id: first, address: "科技园 1 号" });
    await member.reads("/api/memberaddress/setdefault", { id: first });
    const book = await member.reads<Page<MemberAddress>>("/api/memberaddress/page", { page: 1, page_size: 0 });
    expect(book.list.map((item) => [item.id, item.is_default])).toEqual([[first, 1], [second, 0]]);
    await member.reads("/api/memberaddress/delete", { id: second });
  });

  it("address calls without a session answer TOKEN_ERROR, which sends a reference client to login", async () => {
    expect((await guest.refused("/api/memberaddress/page", { page: 1, page_size: 10 }, -10009)).error_code).toBe("TOKEN_ERROR");
  });
});
