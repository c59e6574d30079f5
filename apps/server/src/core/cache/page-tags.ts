import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The tags of the page being rendered: every public datum a render reads records its tags here
 * (ShopCache.get does it for cached data; services with data of their own call recordPageTags),
 * so a cached page is purged exactly when something it shows changes.
 */
const current = new AsyncLocalStorage<Set<string>>();

export function recordPageTags(tags: readonly string[]): void {
  const collected = current.getStore();
  if (collected) for (const tag of tags) collected.add(tag);
}

/** Runs a render and returns its result with the tags its data recorded. */
export async function collectPageTags<T>(render: () => Promise<T>): Promise<{ result: T; tags: string[] }> {
  const tags = new Set<string>();
  const result = await current.run(tags, render);
  return { result, tags: [...tags] };
}
