import { PROMOTION_TYPE_NAMES, type GoodsPromotionTag } from "@shop/contract";
import { sql } from "kysely";
import { rootDatabase, type Db } from "../../db/unit-of-work.ts";
import { yuan } from "../../core/money.ts";
import { cacheOf } from "../../core/cache/public-cache.ts";
import { GROUPBUY_TAG } from "./cache.ts";
import { runningGroupbuysOfGoods } from "./goods-prices.ts";
import { PromotionState } from "./window.ts";

/** How old the "is any group buy running?" snapshot may be (as the seckill door's snapshots). */
export const GROUPBUY_SNAPSHOT_MS = 1000;

/** The span of the group buys that are on and not ended, when the snapshot was read (null: none). */
interface Span {
  firstStart: number;
  lastEnd: number;
}

interface Snapshot {
  span: Span | null;
  until: number;
}

interface State {
  snapshot: Snapshot | null;
  /** bumped by every group-buy purge: a snapshot read across one is not kept */
  purges: number;
}

const states = new WeakMap<object, State>();

function stateOf(root: Db): State {
  let state = states.get(root);
  if (!state) {
    const created: State = { snapshot: null, purges: 0 };
    cacheOf({ db: root })?.onPurge((tags) => {
      if (tags.includes(GROUPBUY_TAG)) {
        created.snapshot = null;
        created.purges += 1;
      }
    });
    states.set(root, created);
    state = created;
  }
  return state;
}

/**
 * Whether a group buy may be running at `at`, from a per-process snapshot of the earliest start and
 * latest end of those on and not ended (one indexed aggregate, at most GROUPBUY_SNAPSHOT_MS old):
 * lists without a running group buy — the usual case — skip the goods query. Start and end are
 * read off the clock, so only staff changes can make the snapshot wrong; every change purges
 * GROUPBUY_TAG, which drops it here and, relayed by the purge bus, in every other process, before
 * a list answer could be cached from it.
 */
async function mayBeRunning(db: Db, at: number): Promise<boolean> {
  const root = rootDatabase(db);
  const state = stateOf(root);
  let snapshot = state.snapshot;
  const clock = Date.now();
  if (!snapshot || snapshot.until <= clock) {
    const purges = state.purges;
    const row = await root
      .selectFrom("promotion_groupbuy")
      .select([sql<number | string | null>`min(start_time)`.as("first_start"), sql<number | string | null>`max(end_time)`.as("last_end")])
      .where("status", "=", PromotionState.ON)
      .where("end_time", ">", at)
      .executeTakeFirst();
    const span = row?.first_start == null || row.last_end == null ? null : { firstStart: Number(row.first_start), lastEnd: Number(row.last_end) };
    snapshot = { span, until: clock + GROUPBUY_SNAPSHOT_MS };
    if (state.purges === purges) state.snapshot = snapshot;
  }
  return snapshot.span !== null && snapshot.span.firstStart <= at && at < snapshot.span.lastEnd;
}

/**
 * The 团购 tag of list items (registered as the "groupbuy" list provider, after seckill's: a goods
 * in both shows its seckill): goods in a running group buy, at the lowest group-buy price of its
 * SKUs, until the group buy's end. One query for the page, none while no group buy runs.
 */
export async function groupbuyListTags(db: Db, goodsIds: readonly number[], at: number): Promise<Map<number, GoodsPromotionTag>> {
  const tags = new Map<number, GoodsPromotionTag>();
  if (goodsIds.length === 0 || !(await mayBeRunning(db, at))) return tags;
  for (const [goodsId, running] of await runningGroupbuysOfGoods(db, goodsIds, at)) {
    tags.set(goodsId, {
      promotion_type: "groupbuy", promotion_type_name: PROMOTION_TYPE_NAMES.groupbuy, promotion_id: running.groupbuy_id,
      promotion_price: yuan(running.groupbuyPriceCents), end_time: Number(running.end_time),
    });
  }
  return tags;
}
