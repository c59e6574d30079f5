import type { Db } from "../../db/unit-of-work.ts";
import { issueToken } from "../../modules/auth/tokens.ts";
import { now } from "../../core/time.ts";

export interface Buyer {
  memberId: number;
  token: string;
  addressId: number;
}

/**
 * Members with a session and a delivery address each, written straight to the database: the proofs
 * are about buying, and registering hundreds of members over HTTP would only meet the rate limits.
 */
export async function seedBuyers(db: Db, count: number): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  const at = now();
  for (let index = 0; index < count; index += 1) {
    const { member_id: memberId } = await db
      .insertInto("member")
      .values({
        username: `buyer_${index}_${at}`, mobile: null, nickname: `买家${index}`, email: "", password: "", headimg: "",
        member_level: 0, point: 0, balance_cents: 0, balance_money_cents: 0, growth: 0, realname: "", sex: 0, birthday: "",
        status: 1, reg_time: at, last_login_time: 0, last_login_ip: "",
      })
      .returning("member_id")
      .executeTakeFirstOrThrow();
    const { id: addressId } = await db
      .insertInto("member_address")
      .values({
        member_id: memberId, site_id: 0, name: `买家${index}`, mobile: "13800138000", telephone: "", province_id: 310000,
        city_id: 310100, district_id: 310101, community_id: 0, address: "南京东路 1 号", full_address: "上海市 市辖区 黄浦区",
        longitude: "", latitude: "", is_default: 1, create_time: at, update_time: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { token } = await issueToken(db, memberId, 1, { ip: "127.0.0.1", userAgent: "proof" });
    buyers.push({ memberId, token, addressId });
  }
  return buyers;
}
