import { sql } from "kysely";
import { connect, type DbOptions } from "./connect.ts";
import { takeStockLogged } from "./test-stock.ts";

/**
 * A second process on the test's database, as a worker, the CLI or a second server instance would
 * be (forked by db/unit-of-work.test.ts with `--import tsx`). Separate processes are the real case
 * on SQLite: two better-sqlite3 connections in one process would wait for each other's lock on one
 * thread. Talks over the IPC channel: sends "ready", waits for a command, answers with a result.
 *
 * Commands:
 * - `{ do: "buy", skuId, num, attempts }`: `attempts` units of work that each take `num` of the SKU
 *   with a conditional update and log the take in order_log; answers `{ taken }`.
 * - `{ do: "decrement-when-lock-is-free", skuId }` (SQLite): one plain UPDATE of the stock; when
 *   another connection holds the write lock it answers `"busy"` first, then waits for the lock
 *   and answers `{ stockAfter }`.
 */
export type SecondProcessCommand =
  | { do: "buy"; skuId: number; num: number; attempts: number }
  | { do: "decrement-when-lock-is-free"; skuId: number };

const options = JSON.parse(process.argv[2] ?? "{}") as DbOptions;
const handle = connect(options);
const send = (message: unknown) => new Promise<void>((resolve, reject) => process.send!(message, (error: Error | null) => (error ? reject(error) : resolve())));

async function buy(skuId: number, num: number, attempts: number): Promise<number> {
  let taken = 0;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (await takeStockLogged(handle.db, skuId, num, `pid ${process.pid}`)) taken += num;
  }
  return taken;
}

async function decrementWhenLockIsFree(skuId: number): Promise<number> {
  const decrement = () => sql<{ stock: number }>`update goods_sku set stock = stock - 1 where sku_id = ${skuId} returning stock`.execute(handle.db);
  await sql`pragma busy_timeout = 0`.execute(handle.db);
  try {
    return (await decrement()).rows[0]!.stock;
  } catch (error) {
    if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
  }
  await send("busy");
  await sql`pragma busy_timeout = 20000`.execute(handle.db);
  return (await decrement()).rows[0]!.stock;
}

process.once("message", (command: SecondProcessCommand) => {
  const work = command.do === "buy" ? buy(command.skuId, command.num, command.attempts).then((taken) => ({ taken })) : decrementWhenLockIsFree(command.skuId).then((stockAfter) => ({ stockAfter }));
  work
    .then((result) => send(result))
    .catch((error: unknown) => send({ error: String(error instanceof Error ? `${(error as { code?: string }).code ?? ""} ${error.message}` : error) }))
    .finally(() => handle.close().then(() => process.disconnect()));
});
await send("ready");
