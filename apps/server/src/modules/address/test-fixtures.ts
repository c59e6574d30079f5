import type { MemberAddressInput } from "@shop/contract";
import type { TestApp } from "../../test/harness.ts";
import type { TestMember } from "../auth/testing.ts";

/** For tests of any module that need a member with delivery addresses (checkout, orders). */

/** A valid /api/memberaddress/add body in 广东省 深圳市 南山区; override any field. */
export const shenzhenAddress = (overrides: Partial<MemberAddressInput> = {}): MemberAddressInput => ({
  name: "张三",
  mobile: "13800138000",
  province_id: 440000,
  city_id: 440300,
  district_id: 440305,
  address: "科技园科苑路 15 号",
  ...overrides,
});

/** Adds an address through the API and answers its id (throws when refused). */
export async function addAddress(t: TestApp, member: Pick<TestMember, "token">, overrides: Partial<MemberAddressInput> = {}): Promise<number> {
  const response = await t.call<number>("/api/memberaddress/add", shenzhenAddress(overrides), { token: member.token });
  if (response.code !== 0) throw new Error(`add address: ${response.message}`);
  return response.data;
}

/** The member's rows with is_default = 1, read from the table. */
export async function defaultAddressIds(t: TestApp, memberId: number): Promise<number[]> {
  const rows = await t.app.deps.db
    .selectFrom("member_address")
    .select("id")
    .where("member_id", "=", memberId)
    .where("is_default", "=", 1)
    .execute();
  return rows.map((row) => Number(row.id));
}
