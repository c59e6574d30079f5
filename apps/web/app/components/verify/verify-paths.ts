import { VERIFY_TYPES, type VerifyType } from "@shop/contract";

/** The verification pages (SPEC §2 order routes) and what their URLs carry. */
export const VERIFICATION_PATH = "/order/verification";
export const VERIFICATION_LIST_PATH = "/order/verification_list";
export const VERIFY_PAGE_SIZE = 10;

/** /order/verification?code=…: the code to look up (a scanned QR holds just the digits). */
export const verificationPath = (code = ""): string => (code ? `${VERIFICATION_PATH}?code=${encodeURIComponent(code)}` : VERIFICATION_PATH);
export const verificationDetailPath = (id: number): string => `/order/verification_detail?id=${id}`;

export type VerifyListTab = "all" | VerifyType;
/** 全部, then the kinds of code (reference getVerifyType). */
export const VERIFY_TABS: Array<{ type: VerifyListTab; label: string }> = [
  { type: "all", label: "全部" },
  ...(Object.entries(VERIFY_TYPES) as Array<[VerifyType, string]>).map(([type, label]) => ({ type, label })),
];

export function verificationListHref(type: VerifyListTab, page = 1): string {
  const params = new URLSearchParams();
  if (type !== "all") params.set("type", type);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${VERIFICATION_LIST_PATH}?${query}` : VERIFICATION_LIST_PATH;
}

/** ?type=&page= of the record list; anything unknown falls back to 全部 / page 1. */
export function parseVerifyListQuery(url: URL): { type: VerifyListTab; page: number } {
  const type = url.searchParams.get("type") ?? "all";
  const page = Number(url.searchParams.get("page") ?? 1);
  return {
    type: VERIFY_TABS.some((tab) => tab.type === type) ? (type as VerifyListTab) : "all",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The code as typed or scanned: spaces dropped, at most 32 characters ("" when there is none). */
export function normalizeCode(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, "").slice(0, 32);
}

/** ?id= of a record page, or null when it is not a positive integer. */
export function recordIdOf(url: URL): number | null {
  const id = Number(url.searchParams.get("id"));
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
