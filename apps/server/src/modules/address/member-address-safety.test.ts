import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberAddress, Page } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { isUniqueViolation } from "../../db/conditional.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { addAddress, defaultAddressIds, shenzhenAddress } from "./test-fixtures.ts";

/** Concurrent writes keep one default and the cap; no member ever reaches another's addresses. */
describe("member addresses under concurrency and across members", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const call = <T>(member: TestMember, path: string, body: object = {}) => t.call<T>(path, body, { token: member.token });

  it("leaves exactly one default after concurrent setdefault, add-as-default and delete calls", async () => {
    const member = await registerMember(t);
    const ids: number[] = [];
    for (let index = 0; index < 6; index += 1) ids.push(await addAddress(t, member, { name: `收货人${index}` }));
    const responses = await Promise.all([
      ...Array.from({ length: 24 }, (_, index) => call(member, "/api/memberaddress/setdefault", { id: ids[index % ids.length] })),
      ...Array.from({ length: 4 }, () => call(member, "/api/memberaddress/add", shenzhenAddress({ is_default: 1 }))),
      call(member, "/api/memberaddress/delete", { id: ids[0] }),
    ]);
    // A setdefault of the deleted address may lose the race (地址不存在); nothing else may fail.
    const failures = responses.filter((response) => response.code !== 0);
    expect(failures.every((response) => response.message === "地址不存在"), JSON.stringify(failures)).toBe(true);
    expect(await defaultAddressIds(t, member.member_id)).toHaveLength(1);
    expect((await call<Page<MemberAddress>>(member, "/api/memberaddress/page", { page_size: 0 })).data.count).toBe(9);
  });

  it("never goes past the cap under concurrent adds", async () => {
    const member = await registerMember(t);
    for (let index = 0; index < 17; index += 1) await addAddress(t, member);
    const responses = await Promise.all(Array.from({ length: 8 }, () => call(member, "/api/memberaddress/add", shenzhenAddress())));
    expect(responses.filter((response) => response.code === 0)).toHaveLength(3);
    const { count } = await t.app.deps.db
      .selectFrom("member_address")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("member_id", "=", member.member_id)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(20);
  });

  it("has the database refuse a second default row", async () => {
    const member = await registerMember(t);
    await addAddress(t, member);
    const second = await addAddress(t, member);
    const forced = t.app.deps.db.updateTable("member_address").set({ is_default: 1 }).where("id", "=", second).execute();
    await expect(forced).rejects.toSatisfy(isUniqueViolation);
  });

  it("answers 地址不存在 for another member's address on every call, and changes nothing of theirs", async () => {
    const owner = await registerMember(t);
    const intruder = await registerMember(t);
    const ownersDefault = await addAddress(t, owner, { name: "主人" });
    const target = await addAddress(t, owner, { name: "主人的第二个地址" });
    await addAddress(t, intruder, { name: "入侵者" });
    const before = await t.app.deps.db.selectFrom("member_address").selectAll().where("member_id", "=", owner.member_id).orderBy("id").execute();

    const attempts: Array<[string, object]> = [
      ["/api/memberaddress/info", { id: target }],
      ["/api/memberaddress/edit", { ...shenzhenAddress({ name: "被改了" }), id: target }],
      ["/api/memberaddress/edit", { ...shenzhenAddress({ is_default: 1 }), id: target }],
      ["/api/memberaddress/setdefault", { id: target }],
      ["/api/memberaddress/delete", { id: target }],
      ["/api/memberaddress/delete", { id: ownersDefault }],
    ];
    for (const [path, body] of attempts) {
      const response = await call(intruder, path, body);
      expect(response, path).toMatchObject({ code: -1, message: "地址不存在", data: null });
    }
    const listed = (await call<Page<MemberAddress>>(intruder, "/api/memberaddress/page", { page_size: 0 })).data;
    expect(listed.list.map((row) => row.name)).toEqual(["入侵者"]);
    expect((await call<MemberAddress>(intruder, "/api/memberaddress/info", { default: 1 })).data?.name).toBe("入侵者");

    const after = await t.app.deps.db.selectFrom("member_address").selectAll().where("member_id", "=", owner.member_id).orderBy("id").execute();
    expect(after).toEqual(before);
  });

  it("refuses guests on every member call", async () => {
    for (const path of ["page", "info", "add", "edit", "setdefault", "delete"]) {
      const response = await t.call(`/api/memberaddress/${path}`, { ...shenzhenAddress(), id: 1, default: 1 });
      expect(response.code, path).toBe(-10009);
    }
  });
});
