import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";

/**
 * Orders complete N days after they were received, picked up or used (modules/order/jobs.ts
 * enqueueAutoComplete, from migration 0021's work on). Orders that reached those statuses before
 * have no such job: each gets one, due order_config.auto_complete_days after its sign_time (at once
 * when that is past), with the key the order module uses, so it is never enqueued twice.
 */
const RECEIVED = 4;
const USED = 12;
const JOB_KIND = "order.auto_complete";
const DEFAULT_DAYS = 7;

/** The columns this migration reads and writes, as they were when it was written (not db/schema.ts, which moves on). */
interface Tables {
  orders: { order_id: number; order_status: number; sign_time: number };
  config: { config_key: string; value: string };
  job: {
    kind: string; payload: string; run_at: number; status: string; attempts: number; max_attempts: number; locked_by: string;
    locked_until: number; last_error: string; dedupe_key: string; create_time: number; update_time: number;
  };
}

export async function up(untyped: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  const db = untyped as Kysely<Tables>;
  const days = await completeDays(db);
  const at = Math.floor(Date.now() / 1000);
  const orders = await db.selectFrom("orders").select(["order_id", "sign_time"]).where("order_status", "in", [RECEIVED, USED]).execute();
  for (let start = 0; start < orders.length; start += 200) {
    const rows = orders.slice(start, start + 200).map((order) => ({
      kind: JOB_KIND,
      payload: JSON.stringify({ order_id: order.order_id }),
      run_at: Math.max(at, (order.sign_time || at) + days * 86400),
      status: "pending",
      attempts: 0,
      max_attempts: 10,
      locked_by: "",
      locked_until: 0,
      last_error: "",
      dedupe_key: `${JOB_KIND}:${order.order_id}`,
      create_time: at,
      update_time: at,
    }));
    await db.insertInto("job").values(rows).onConflict((conflict) => conflict.column("dedupe_key").doNothing()).execute();
  }
}

async function completeDays(db: Kysely<Tables>): Promise<number> {
  const row = await db.selectFrom("config").select("value").where("config_key", "=", "order_config").executeTakeFirst();
  try {
    const value = Number((JSON.parse(row?.value ?? "{}") as { auto_complete_days?: unknown }).auto_complete_days);
    return Number.isFinite(value) && value > 0 ? value : DEFAULT_DAYS;
  } catch {
    return DEFAULT_DAYS;
  }
}
