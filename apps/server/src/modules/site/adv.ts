import type { Kysely } from "kysely";
import type { AdvDetail } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { fail } from "../../core/errors.ts";

/**
 * An ad position and its shown ads (state 1) by slide_sort. Unknown keyword → -1 广告位不存在
 * (the storefront stops loading that ad, SPEC §8); a position switched off (is_use 0) is found
 * but lists no ads.
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
          .orderBy("slide_sort")
          .orderBy("adv_id")
          .execute()
      : [];
  return { adv_position: position, adv_list: advList };
}
