import type { ExpressionBuilder, Kysely } from "kysely";
import type { AdvDetail } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";

/** An ad inside its time window at `at` (unix seconds; 0 bounds are open). */
export const advInWindow = (eb: ExpressionBuilder<DB, "adv">, at: number) =>
  eb.and([
    eb.or([eb("adv.start_time", "=", 0), eb("adv.start_time", "<=", at)]),
    eb.or([eb("adv.end_time", "=", 0), eb("adv.end_time", ">", at)]),
  ]);

/**
 * An ad position and its shown ads (state 1, inside their time window) by slide_sort. Unknown
 * keyword → -1 广告位不存在 (the storefront stops loading that ad, SPEC §8); a position switched
 * off (is_use 0) is found but lists no ads. (Cached DATA_TTL_MS: a window opens or closes for
 * guests within that time; an edit purges at once.)
 */
export async function getAdvDetail(db: Kysely<DB>, keyword: string): Promise<AdvDetail> {
  const position = await db
    .selectFrom("adv_position")
    .select(["ap_id", "keyword", "ap_name", "ap_intro", "ap_width", "ap_height", "ap_background_color", "type", "is_use"])
    .where("keyword", "=", keyword)
    .executeTakeFirst();
  if (!position) return fail("广告位不存在");
  const advList =
    position.is_use === 1
      ? await db
          .selectFrom("adv")
          .select(["adv_id", "adv_title", "adv_url", "adv_image", "slide_sort", "background"])
          .where("ap_id", "=", position.ap_id)
          .where("state", "=", 1)
          .where((eb) => advInWindow(eb, now()))
          .orderBy("slide_sort")
          .orderBy("adv_id")
          .execute()
      : [];
  return { adv_position: position, adv_list: advList };
}
