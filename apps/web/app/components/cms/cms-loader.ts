import { data } from "react-router";
import { Code } from "@shop/contract/codes";

/** Rows per page of every CMS list (articles, notices, help articles). */
export const CMS_PAGE_SIZE = 10;

const MAX_ID = 2_147_483_647;
const MAX_PAGE = 100_000;

/** A positive integer id written as digits ("12"), else null: "1e3", "-1", "0x10" are not ids. */
export function parseId(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= MAX_ID ? value : null;
}

/** The id of a link slug: slugId("listother-12", "listother") → 12; anything else → null. */
export function slugId(slug: string | undefined, prefix: string): number | null {
  const match = new RegExp(`^${prefix}-(\\d+)$`).exec(slug ?? "");
  return match ? parseId(match[1]) : null;
}

/** ?page= of a list; a missing or malformed value means page 1, so a mangled shared link still shows the list. */
export function pageOf(url: URL): number {
  const page = parseId(url.searchParams.get("page"));
  return page !== null && page <= MAX_PAGE ? page : 1;
}

/** Answers the request with the not-found page and HTTP 404 (root ErrorBoundary). */
export function notFound(): never {
  throw data("This page could not be found", { status: 404, statusText: "Not Found" });
}

/** An id the page cannot do without: a missing or malformed one is a page that does not exist. */
export const idOr404 = (id: number | null): number => id ?? notFound();

/**
 * The code of a failed call. Read by shape, not `instanceof ApiError`: in SSR the in-process client
 * comes from the server's copy of @shop/contract, not the one bundled into the web build.
 */
const codeOf = (error: unknown): unknown => (error !== null && typeof error === "object" && "code" in error ? error.code : undefined);

/**
 * The call's data; the server's "does not exist" answer (-1 文章不存在 …) and a refused id
 * (-10006) become HTTP 404. Other failures propagate as they are.
 */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const code = codeOf(error);
    if (code === Code.ERROR || code === Code.PARAM) notFound();
    throw error;
  }
}
