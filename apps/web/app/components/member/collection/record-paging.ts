/** ?page= of 我的关注 and 我的足迹: a whole number from 1, else 1. */
export function pageOfUrl(url: URL): number {
  const page = Number(url.searchParams.get("page") ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1;
}
