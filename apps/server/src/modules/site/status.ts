import type { Kysely } from "kysely";
import type { FastifyRequest } from "fastify";
import { Code } from "@shop/contract/codes";
import type { DB } from "../../db/schema.ts";
import { envelope } from "../../core/envelope.ts";
import { fail } from "../../core/errors.ts";
import { getSiteInfo, readSetting } from "./service.ts";

/** Calls still answered while the shop is closed (the status call answers -3 itself, with its data). */
// Site info stays readable so the close page can show the logo and name.
// Staff sign in while the shop is closed (their other calls skip this guard: core/api.ts).
export const OPEN_WHEN_CLOSED = new Set(["/api/site/status", "/api/site/info", "/shopapi/login/login"]);

export const SITE_CLOSED_MESSAGE = "网站已关闭！";

export async function isShopOpen(db: Kysely<DB>): Promise<boolean> {
  const info = await getSiteInfo(db);
  return Number(info.shop_status) === 1;
}

/** What a closed shop answers: the reason staff wrote in 站点设置, else 网站已关闭！ */
export async function closedMessage(db: Kysely<DB>): Promise<string> {
  return (await readSetting(db, "site_extra")).close_reason.trim() || SITE_CLOSED_MESSAGE;
}

/**
 * /api/site/status: code 0 `{shop_status: 1}` while open; while closed -3 like every other call,
 * `data: {shop_status: 0}`. The reference's close page polls it until the code is 0.
 */
export async function siteStatus(db: Kysely<DB>): Promise<{ shop_status: number }> {
  if (!(await isShopOpen(db))) fail(await closedMessage(db), Code.SITE_CLOSED, { shop_status: 0 });
  return { shop_status: 1 };
}

/**
 * SPEC §8 / reference: every call but those in OPEN_WHEN_CLOSED answers -3 while the shop is closed.
 * The status is read once per HTTP request: a server-rendered page makes some twenty in-process
 * calls under its one request, and they should all see the shop in the same state anyway.
 */
export function siteClosedGuard(db: Kysely<DB>) {
  const openByRequest = new WeakMap<FastifyRequest, Promise<boolean>>();
  return async (path: string, request: FastifyRequest) => {
    if (OPEN_WHEN_CLOSED.has(path)) return null;
    let open = openByRequest.get(request);
    if (!open) {
      open = isShopOpen(db);
      openByRequest.set(request, open);
    }
    if (await open) return null;
    return envelope(Code.SITE_CLOSED, await closedMessage(db), null);
  };
}
