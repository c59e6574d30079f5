import { sql } from "kysely";
import type { Page } from "@shop/contract/codes";
import type { AdvInput, AdvPositionInput, StaffAdv, StaffAdvPosition } from "@shop/contract/domains/admin-content";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { paginate, mapPage } from "../../core/paging.ts";
import { purgeTags } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { advInWindow } from "./adv.ts";
import { plainLink, reorder, storedLink } from "./content-admin-shared.ts";

/**
 * Ads in the back office (reference Adv: positions and their ads). Positions are fixed by the
 * storefront (it asks for them by keyword): they are listed and edited, not added. Every write
 * purges the adv tag, so pages showing ads are rendered afresh on the next request.
 */

interface ListQuery {
  page: number;
  page_size: number;
  search_text: string;
}

export async function listAdvPositions(db: Db, query: ListQuery): Promise<Page<StaffAdvPosition>> {
  const at = now();
  let positions = db
    .selectFrom("adv_position as p")
    .select((eb) => [
      "p.ap_id", "p.keyword", "p.ap_name", "p.ap_intro", "p.ap_width", "p.ap_height", "p.ap_background_color", "p.type", "p.is_use",
      eb.selectFrom("adv").select(eb.fn.countAll().as("n")).whereRef("adv.ap_id", "=", "p.ap_id").as("adv_count"),
      eb
        .selectFrom("adv")
        .select(eb.fn.countAll().as("n"))
        .whereRef("adv.ap_id", "=", "p.ap_id")
        .where("adv.state", "=", 1)
        .where((inner) => advInWindow(inner, at))
        .as("shown_count"),
    ])
    .orderBy("p.ap_id");
  if (query.search_text) {
    const like = `%${query.search_text}%`;
    positions = positions.where((eb) => eb.or([eb("p.ap_name", "like", like), eb("p.keyword", "like", like)]));
  }
  return mapPage(await paginate(db, positions, query), (row) => ({
    ...row,
    adv_count: Number(row.adv_count ?? 0),
    shown_count: row.is_use === 1 ? Number(row.shown_count ?? 0) : 0,
  }));
}

export function editAdvPosition(db: Db, caller: StaffCaller, input: AdvPositionInput): Promise<{ ap_id: number }> {
  return unitOfWork(db, async (tx) => {
    const { ap_id, ...columns } = input;
    const found = await tx.selectFrom("adv_position").select("keyword").where("ap_id", "=", ap_id).executeTakeFirst();
    if (!found) return fail("广告位不存在");
    await tx.updateTable("adv_position").set(columns).where("ap_id", "=", ap_id).execute();
    await logStaffAction(tx, caller, "adv.editposition", { type: "adv_position", id: ap_id }, { ...columns, keyword: found.keyword });
    await purgeTags({ db: tx }, [CacheTag.adv]);
    return { ap_id };
  });
}

export async function listAdvs(db: Db, query: ListQuery & { ap_id?: number | undefined }): Promise<Page<StaffAdv>> {
  const at = now();
  let ads = db
    .selectFrom("adv")
    .innerJoin("adv_position as p", "p.ap_id", "adv.ap_id")
    .select((eb) => [
      "adv.adv_id", "adv.ap_id", "p.ap_name", "adv.adv_title", "adv.adv_url", "adv.adv_image", "adv.slide_sort", "adv.background",
      "adv.state", "adv.start_time", "adv.end_time", "p.is_use",
      eb.case().when(advInWindow(eb, at)).then(sql<number>`1`).else(sql<number>`0`).end().as("in_window"),
    ])
    .orderBy("adv.ap_id")
    .orderBy("adv.slide_sort")
    .orderBy("adv.adv_id");
  if (query.ap_id !== undefined) ads = ads.where("adv.ap_id", "=", query.ap_id);
  if (query.search_text) ads = ads.where("adv.adv_title", "like", `%${query.search_text}%`);
  return mapPage(await paginate(db, ads, query), ({ is_use, in_window, ...row }) => ({
    ...row,
    adv_url: plainLink(row.adv_url),
    showing: is_use === 1 && row.state === 1 && Number(in_window) === 1,
  }));
}

const advColumns = (input: AdvInput) => ({
  ap_id: input.ap_id,
  adv_title: input.adv_title,
  adv_url: storedLink(input.adv_url),
  adv_image: input.adv_image,
  background: input.background,
  state: input.state,
  start_time: input.start_time,
  end_time: input.end_time,
});

async function requirePosition(tx: Db, apId: number): Promise<void> {
  const found = await tx.selectFrom("adv_position").select("ap_id").where("ap_id", "=", apId).executeTakeFirst();
  if (!found) fail("广告位不存在");
}

export function addAdv(db: Db, caller: StaffCaller, input: AdvInput): Promise<{ adv_id: number }> {
  return unitOfWork(db, async (tx) => {
    await requirePosition(tx, input.ap_id);
    // A new ad goes last in its position.
    const last = await tx.selectFrom("adv").select((eb) => eb.fn.max("slide_sort").as("max")).where("ap_id", "=", input.ap_id).executeTakeFirst();
    const { adv_id } = await tx
      .insertInto("adv")
      .values({ ...advColumns(input), slide_sort: last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1 })
      .returning("adv_id")
      .executeTakeFirstOrThrow();
    await logStaffAction(tx, caller, "adv.addadv", { type: "adv", id: adv_id }, { ...input });
    await purgeTags({ db: tx }, [CacheTag.adv]);
    return { adv_id };
  });
}

async function requireAdv(tx: Db, advId: number): Promise<{ ap_id: number; adv_title: string }> {
  const found = await tx.selectFrom("adv").select(["ap_id", "adv_title"]).where("adv_id", "=", advId).executeTakeFirst();
  return found ?? fail("广告不存在");
}

export function editAdv(db: Db, caller: StaffCaller, advId: number, input: AdvInput): Promise<{ adv_id: number }> {
  return unitOfWork(db, async (tx) => {
    await requireAdv(tx, advId);
    await requirePosition(tx, input.ap_id);
    await tx.updateTable("adv").set(advColumns(input)).where("adv_id", "=", advId).execute();
    await logStaffAction(tx, caller, "adv.editadv", { type: "adv", id: advId }, { ...input });
    await purgeTags({ db: tx }, [CacheTag.adv]);
    return { adv_id: advId };
  });
}

export function alterAdvState(db: Db, caller: StaffCaller, advId: number, state: 0 | 1): Promise<null> {
  return unitOfWork(db, async (tx) => {
    await requireAdv(tx, advId);
    await tx.updateTable("adv").set({ state }).where("adv_id", "=", advId).execute();
    await logStaffAction(tx, caller, "adv.alteradvstate", { type: "adv", id: advId }, { state });
    await purgeTags({ db: tx }, [CacheTag.adv]);
    return null;
  });
}

export function deleteAdv(db: Db, caller: StaffCaller, advId: number): Promise<null> {
  return unitOfWork(db, async (tx) => {
    const ad = await requireAdv(tx, advId);
    await tx.deleteFrom("adv").where("adv_id", "=", advId).execute();
    await logStaffAction(tx, caller, "adv.deleteadv", { type: "adv", id: advId }, ad);
    await purgeTags({ db: tx }, [CacheTag.adv]);
    return null;
  });
}

export function sortAdvs(db: Db, caller: StaffCaller, apId: number, ids: number[]): Promise<null> {
  return unitOfWork(db, async (tx) => {
    await requirePosition(tx, apId);
    const current = await tx.selectFrom("adv").select("adv_id").where("ap_id", "=", apId).execute();
    await reorder(tx, "adv", current.map((row) => row.adv_id), ids, "广告");
    await logStaffAction(tx, caller, "adv.sortadv", { type: "adv_position", id: apId }, { ids });
    await purgeTags({ db: tx }, [CacheTag.adv]);
    return null;
  });
}
