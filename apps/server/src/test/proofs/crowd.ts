import crypto from "node:crypto";
import { Agent, request } from "undici";
import type { Db } from "../../db/unit-of-work.ts";
import { hashToken } from "../../modules/auth/tokens.ts";
import { now } from "../../core/time.ts";
import type { Buyer } from "./buyers.ts";

/**
 * A flash crowd's members, written in bulk: `count` members, each with a session token (made as
 * modules/auth/tokens.ts issueToken makes them: 256 random bits, only the sha256 stored) and a
 * default address. Registering 10,000 members over HTTP would take minutes and meet the rate limits;
 * the proofs are about buying.
 */
export async function seedCrowd(db: Db, count: number, chunk = 500): Promise<Buyer[]> {
  const at = now();
  const tag = crypto.randomBytes(4).toString("hex");
  const buyers: Buyer[] = [];
  for (let start = 0; start < count; start += chunk) {
    const size = Math.min(chunk, count - start);
    const members = await db
      .insertInto("member")
      .values(
        Array.from({ length: size }, (_, offset) => ({
          username: `crowd_${tag}_${start + offset}`, mobile: null, nickname: `抢购者${start + offset}`, email: "", password: "", headimg: "",
          member_level: 0, point: 0, balance_cents: 0, balance_money_cents: 0, growth: 0, realname: "", sex: 0, birthday: "",
          status: 1, reg_time: at, last_login_time: 0, last_login_ip: "",
        })),
      )
      .returning("member_id")
      .execute();
    const ids = members.map((row) => row.member_id);
    const addresses = await db
      .insertInto("member_address")
      .values(
        ids.map((memberId) => ({
          member_id: memberId, site_id: 0, name: "抢购者", mobile: "13800138000", telephone: "", province_id: 310000, city_id: 310100,
          district_id: 310101, community_id: 0, address: "南京东路 1 号", full_address: "上海市 市辖区 黄浦区", longitude: "", latitude: "",
          is_default: 1, create_time: at, update_time: at,
        })),
      )
      .returning(["id", "member_id"])
      .execute();
    const addressOf = new Map(addresses.map((row) => [row.member_id, row.id]));
    const tokens = ids.map(() => crypto.randomBytes(32).toString("base64url"));
    await db
      .insertInto("member_token")
      .values(
        ids.map((memberId, index) => ({
          member_id: memberId, token_hash: hashToken(tokens[index]!), create_time: at, expire_time: at + 86_400, revoke_time: 0, last_used_time: at,
          ip: "127.0.0.1", user_agent: "crowd",
        })),
      )
      .execute();
    ids.forEach((memberId, index) => buyers.push({ memberId, token: tokens[index]!, addressId: addressOf.get(memberId)! }));
  }
  return buyers;
}

/**
 * An HTTP client with a bounded connection pool per origin (every request is sent at once and queues
 * for a connection). undici's request rather than fetch: fetch's WHATWG machinery costs about 1 ms of
 * CPU per call on this 2-core box, so a fetch crowd measured the load generator, not the server.
 */
export function crowdClient(connections: number): {
  post: <T>(url: string, body: object) => Promise<{ code: number; message: string; data: T }>;
  /** Opens every connection to the origin of `url` (that many calls at once), so no later call waits for a connect. */
  openConnections: (url: string) => Promise<void>;
  close: () => Promise<void>;
} {
  const agent = new Agent({ connections, pipelining: 1, keepAliveTimeout: 60_000 });
  const post = async <T>(url: string, body: object) => {
    const response = await request(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), dispatcher: agent });
    return (await response.body.json()) as { code: number; message: string; data: T };
  };
  return {
    post,
    async openConnections(url: string) {
      // Each call dispatched while all the others are in flight gets a connection of its own.
      await Promise.all(Array.from({ length: connections }, () => post(url, {})));
    },
    close: () => agent.close(),
  };
}

/** The p-th percentile (0–100) of durations in ms. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
