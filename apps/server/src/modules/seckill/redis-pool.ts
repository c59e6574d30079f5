import crypto from "node:crypto";
import type { Redis } from "ioredis";
import { rootDatabase, type Db } from "../../db/unit-of-work.ts";
import { now } from "../../core/time.ts";
import { runScript } from "../../core/redis.ts";

/**
 * The seckill gate in Redis (REDIS_URL set; ADR 0021). Under a flash crowd the pool and the
 * members' counts are taken atomically by one Lua script before the database's unit of work, so
 * the losers are refused without queueing for the database's write lock; the winners' orders are
 * then written by the ordinary create, whose conditional updates stay the record (a Redis that
 * let too many through cannot oversell: the database refuses them). Per seckill, under one hash tag:
 *   pool      hash sku_id → units left
 *   members   hash member_id → units held
 *   inflight  hash token → "sku|member|num|ms": reserved, create not finished
 *   ready     set by reconcile: the hashes mirror the database
 *   admitted  sorted set place → until (ms): the door's places, checkouts in flight, shared by
 *             every instance (admission.ts; without Redis each process counts its own)
 *   placed    hash member_id → place: whose place it is, once the session was read
 * reconcile() rebuilds them from the database less the young in-flight reservations (a crash
 * between reserve and create leaves an old one: dropped, its units back), at start, periodically
 * (jobs.ts) and whenever a reserve finds them missing (Redis flushed or restarted).
 * A Redis that is down or slow makes reserve answer "no gate": the database alone decides.
 */

/** An in-flight reservation older than this is a crashed create's: reconcile drops it. */
export const INFLIGHT_STALE_MS = 60_000;

const RESERVE = `
if redis.call('EXISTS', KEYS[4]) == 0 then return -1 end
local left = redis.call('HGET', KEYS[1], ARGV[1])
if not left then return -1 end
left = tonumber(left)
local num = tonumber(ARGV[3])
if left < num then return 0 end
local limit = tonumber(ARGV[4])
local held = tonumber(redis.call('HGET', KEYS[2], ARGV[2]) or '0')
if limit > 0 and held + num > limit then return -2 end
redis.call('HINCRBY', KEYS[1], ARGV[1], -num)
redis.call('HINCRBY', KEYS[2], ARGV[2], num)
redis.call('HSET', KEYS[3], ARGV[5], ARGV[1] .. '|' .. ARGV[2] .. '|' .. ARGV[3] .. '|' .. ARGV[6])
return 1
`;

/** Ends an in-flight reservation: ARGV[2] "1" gives its units back (create failed), "0" keeps them taken. */
const SETTLE = `
local entry = redis.call('HGET', KEYS[3], ARGV[1])
if not entry then return 0 end
redis.call('HDEL', KEYS[3], ARGV[1])
if ARGV[2] ~= '1' then return 1 end
local sku, member, num = string.match(entry, '^([^|]+)|([^|]+)|([^|]+)|')
redis.call('HINCRBY', KEYS[1], sku, tonumber(num))
local held = redis.call('HINCRBY', KEYS[2], member, -tonumber(num))
if held < 0 then redis.call('HSET', KEYS[2], member, 0) end
return 1
`;

/**
 * A place at the door across instances: ARGV sku, place, now ms, until ms, floor. 1 given (or
 * still held), 0 crowded (as many places taken as max(units left, floor)), -1 the mirror is not
 * ready (the caller counts in its own process).
 */
const ADMIT = `
if redis.call('EXISTS', KEYS[4]) == 0 then return -1 end
local left = redis.call('HGET', KEYS[1], ARGV[1])
if not left then return -1 end
local nowMs = tonumber(ARGV[3])
local held = redis.call('ZSCORE', KEYS[5], ARGV[2])
if held and tonumber(held) > nowMs then return 1 end
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', nowMs)
if redis.call('ZCARD', KEYS[5]) >= math.max(tonumber(left), tonumber(ARGV[5])) then return 0 end
redis.call('ZADD', KEYS[5], ARGV[4], ARGV[2])
redis.call('PEXPIREAT', KEYS[5], ARGV[4])
return 1
`;

/** The member's checkout is over (ARGV member): its place, if it has one, is free. */
const LEAVE = `
local place = redis.call('HGET', KEYS[2], ARGV[1])
if not place then return 0 end
redis.call('ZREM', KEYS[1], place)
redis.call('HDEL', KEYS[2], ARGV[1])
return 1
`;

/** A closed order's units back to the pool and the member (only while the mirror is ready). */
const GIVE_BACK = `
if redis.call('EXISTS', KEYS[3]) == 0 then return 0 end
if not redis.call('HGET', KEYS[1], ARGV[1]) then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[1], tonumber(ARGV[3]))
local held = redis.call('HINCRBY', KEYS[2], ARGV[2], -tonumber(ARGV[3]))
if held < 0 then redis.call('HSET', KEYS[2], ARGV[2], 0) end
return 1
`;

/**
 * Rebuild from the database's numbers (ARGV: now ms, stale ms, sku count, sku/left pairs…, then
 * member/held pairs…, and last the unix time the keys expire: a day after the seckill ends),
 * keeping the young in-flight reservations taken.
 */
const RECONCILE = `
local nowMs = tonumber(ARGV[1])
local staleMs = tonumber(ARGV[2])
local skuCount = tonumber(ARGV[3])
redis.call('DEL', KEYS[1], KEYS[2])
local i = 4
for _ = 1, skuCount do
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
  i = i + 2
end
while i < #ARGV - 1 do
  redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1])
  i = i + 2
end
local entries = redis.call('HGETALL', KEYS[3])
for j = 1, #entries, 2 do
  local sku, member, num, at = string.match(entries[j + 1], '^([^|]+)|([^|]+)|([^|]+)|([^|]+)$')
  if nowMs - tonumber(at) > staleMs or not redis.call('HGET', KEYS[1], sku) then
    redis.call('HDEL', KEYS[3], entries[j])
  else
    redis.call('HINCRBY', KEYS[1], sku, -tonumber(num))
    redis.call('HINCRBY', KEYS[2], member, tonumber(num))
  end
end
redis.call('SET', KEYS[4], '1')
local expireAt = tonumber(ARGV[#ARGV])
if expireAt > 0 then
  for k = 1, 4 do redis.call('EXPIREAT', KEYS[k], expireAt) end
end
return 1
`;

interface Gate {
  redis: Redis;
  prefix: string;
}

const gates = new WeakMap<object, Gate>();

/** Called by the seckill routes: this app's database uses this Redis as its seckill gate. */
export function attachSeckillRedis(db: Db, redis: Redis | undefined, prefix: string): void {
  if (redis) gates.set(db, { redis, prefix });
}

export function gateOf(db: Db): Gate | undefined {
  return gates.get(rootDatabase(db));
}

function keys(gate: Gate, seckillId: number): [string, string, string, string] {
  const base = `${gate.prefix}seckill:{${seckillId}}:`;
  return [`${base}pool`, `${base}members`, `${base}inflight`, `${base}ready`];
}

function placeKeys(gate: Gate, seckillId: number): [string, string] {
  const base = `${gate.prefix}seckill:{${seckillId}}:`;
  return [`${base}admitted`, `${base}placed`];
}

/**
 * A place at the door counted in Redis for every instance: "admitted", "crowded", or "no_gate"
 * (no Redis, the mirror not ready, or Redis failing): the caller counts in its own process.
 */
export async function admitInGate(db: Db, seckillId: number, skuId: number, place: string, untilMs: number, floor: number): Promise<"admitted" | "crowded" | "no_gate"> {
  const gate = gateOf(db);
  if (!gate) return "no_gate";
  try {
    const result = Number(await runScript(gate.redis, ADMIT, 5, ...keys(gate, seckillId), placeKeys(gate, seckillId)[0], skuId, place, Date.now(), untilMs, floor));
    return result === 1 ? "admitted" : result === 0 ? "crowded" : "no_gate";
  } catch {
    return "no_gate";
  }
}

/** The place is the member's (its session was read): leaveGate frees it by member, on any instance. */
export async function bindInGate(db: Db, seckillId: number, memberId: number, place: string, untilMs: number): Promise<void> {
  const gate = gateOf(db);
  if (!gate) return;
  const placed = placeKeys(gate, seckillId)[1];
  await gate.redis.multi().hset(placed, String(memberId), place).pexpireat(placed, untilMs).exec().catch(() => null);
}

/** A place given back before it was bound (the session turned out invalid). */
export async function freeInGate(db: Db, seckillId: number, place: string): Promise<void> {
  const gate = gateOf(db);
  if (gate) await gate.redis.zrem(placeKeys(gate, seckillId)[0], place).catch(() => 0);
}

/** The member's checkout is over: its place at the door is free on every instance. */
export async function leaveGate(db: Db, seckillId: number, memberId: number): Promise<void> {
  const gate = gateOf(db);
  if (gate) await runScript(gate.redis, LEAVE, 2, ...placeKeys(gate, seckillId), memberId).catch(() => 0);
}

export interface GateReservation {
  seckillId: number;
  token: string;
}

export type ReserveOutcome = { kind: "reserved"; reservation: GateReservation } | { kind: "sold_out" } | { kind: "limit" } | { kind: "no_gate" };

/** The mirror of one seckill from the database (the record). */
export async function reconcileSeckill(db: Db, seckillId: number): Promise<boolean> {
  const gate = gateOf(db);
  if (!gate) return false;
  const root = rootDatabase(db);
  const [skus, members, seckill] = await Promise.all([
    root.selectFrom("promotion_seckill_sku").select(["sku_id", "stock"]).where("seckill_id", "=", seckillId).execute(),
    root.selectFrom("promotion_seckill_member").select(["member_id", "num"]).where("seckill_id", "=", seckillId).where("num", ">", 0).execute(),
    root.selectFrom("promotion_seckill").select("end_time").where("seckill_id", "=", seckillId).executeTakeFirst(),
  ]);
  const args: Array<string | number> = [Date.now(), INFLIGHT_STALE_MS, skus.length];
  for (const sku of skus) args.push(sku.sku_id, Number(sku.stock));
  for (const member of members) args.push(member.member_id, Number(member.num));
  args.push(seckill ? Math.max(Number(seckill.end_time), now()) + 86_400 : 0);
  await runScript(gate.redis, RECONCILE, 4, ...keys(gate, seckillId), ...args);
  return true;
}

/**
 * Takes `num` of the SKU's pool and of the member's allowance in one step. "no_gate" when there
 * is no Redis or it failed: the caller goes on with the database alone.
 */
export async function reserveInGate(db: Db, seckillId: number, skuId: number, memberId: number, num: number, limit: number): Promise<ReserveOutcome> {
  const gate = gateOf(db);
  if (!gate) return { kind: "no_gate" };
  const token = crypto.randomBytes(9).toString("base64url");
  try {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const result = Number(await runScript(gate.redis, RESERVE, 4, ...keys(gate, seckillId), skuId, memberId, num, limit, token, Date.now()));
      if (result === 1) return { kind: "reserved", reservation: { seckillId, token } };
      if (result === 0) return { kind: "sold_out" };
      if (result === -2) return { kind: "limit" };
      // -1: not mirrored yet (first sale since start, or Redis lost it): mirror it and try again.
      await reconcileSeckill(db, seckillId);
    }
  } catch {
    // Redis down or slow (core/redis.ts logs the outage): the database decides alone.
  }
  return { kind: "no_gate" };
}

/** After create: keep the units taken (created) or give them back. Failures are left to reconcile. */
export async function settleInGate(db: Db, reservation: GateReservation, created: boolean): Promise<void> {
  const gate = gateOf(db);
  if (!gate) return;
  await runScript(gate.redis, SETTLE, 4, ...keys(gate, reservation.seckillId), reservation.token, created ? "0" : "1").catch(() => {});
}

/** A closed order's units back to the mirror (after the close commits). */
export async function giveBackInGate(db: Db, seckillId: number, skuId: number, memberId: number, num: number): Promise<void> {
  const gate = gateOf(db);
  if (!gate) return;
  const [pool, members, , ready] = keys(gate, seckillId);
  await runScript(gate.redis, GIVE_BACK, 3, pool, members, ready, skuId, memberId, num).catch(() => {});
}

/** Seckills worth mirroring: on, and not ended more than a day ago. */
export async function liveSeckillIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom("promotion_seckill").select("seckill_id").where("status", "=", 1).where("end_time", ">", now() - 86_400).execute();
  return rows.map((row) => row.seckill_id);
}

/** Mirrors every live seckill (start, the periodic job, staff changes). */
export async function reconcileAll(db: Db): Promise<number> {
  if (!gateOf(db)) return 0;
  const ids = await liveSeckillIds(db);
  for (const id of ids) await reconcileSeckill(db, id);
  return ids.length;
}

/** Drops a seckill's mirror (a closed seckill): the next reserve rebuilds it. */
export async function dropMirror(db: Db, seckillId: number): Promise<void> {
  const gate = gateOf(db);
  if (!gate) return;
  await gate.redis.del(...keys(gate, seckillId)).catch(() => 0);
}
