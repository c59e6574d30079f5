/** One place in a pager: a page number, or a jump of five pages over the hidden ones ("•••"). */
export type PagerItem = { kind: "page"; page: number } | { kind: "jump-prev" | "jump-next"; page: number };

/** Pages on each side of the current one. */
const BUFFER = 2;
/** How far a "•••" jumps. */
const JUMP = 5;

/**
 * The page numbers a pager shows, as antd's Pagination lays them out: every page up to 7 pages;
 * beyond, the first and last page, the current one with two on each side (five at the ends), and
 * "•••" jumps for the gaps. `current` is clamped into 1…pageCount.
 */
export function pagerItems(current: number, pageCount: number): PagerItem[] {
  if (pageCount <= 0) return [];
  const at = Math.min(Math.max(1, current), pageCount);
  const pages = (from: number, to: number): PagerItem[] =>
    Array.from({ length: to - from + 1 }, (_, index) => ({ kind: "page", page: from + index }));
  if (pageCount <= 3 + BUFFER * 2) return pages(1, pageCount);

  let left = Math.max(1, at - BUFFER);
  let right = Math.min(at + BUFFER, pageCount);
  if (at - 1 <= BUFFER) right = 1 + BUFFER * 2;
  if (pageCount - at <= BUFFER) left = pageCount - BUFFER * 2;
  const jumpPrev = at - 1 >= BUFFER * 2 && at !== 1 + 2;
  const jumpNext = pageCount - at >= BUFFER * 2 && at !== pageCount - 2;
  if (jumpPrev && right !== pageCount) left += 1;
  if (jumpNext && left !== 1) right -= 1;

  const items = pages(left, right);
  if (jumpPrev) items.unshift({ kind: "jump-prev", page: Math.max(1, at - JUMP) });
  if (jumpNext) items.push({ kind: "jump-next", page: Math.min(pageCount, at + JUMP) });
  if (left !== 1) items.unshift({ kind: "page", page: 1 });
  if (right !== pageCount) items.push({ kind: "page", page: pageCount });
  return items;
}
