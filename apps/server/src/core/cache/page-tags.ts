import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the render of a page learned about itself: every public datum it read records its tags here
 * (ShopCache.get does it for cached data; services with data of their own call recordPageTags), so a
 * cached page is purged exactly when something it shows changes; and whether any of its data failed
 * (a page rendered around a failed call shows an error or a gap: it must not be kept for others).
 */
export interface PageScope {
  tags: Set<string>;
  failed: boolean;
}

const current = new AsyncLocalStorage<PageScope>();

export function recordPageTags(tags: readonly string[]): void {
  const scope = current.getStore();
  if (scope) for (const tag of tags) scope.tags.add(tag);
}

/** The page being rendered read data that failed (an unexpected error): it is served, not cached. */
export function recordPageFailure(): void {
  const scope = current.getStore();
  if (scope) scope.failed = true;
}

/**
 * Runs a render and returns its result with its scope. A streamed body goes on reading data after
 * `render` resolves: read the scope once the body is complete.
 */
export async function collectPageTags<T>(render: () => Promise<T>): Promise<{ result: T; scope: PageScope }> {
  const scope: PageScope = { tags: new Set(), failed: false };
  const result = await current.run(scope, render);
  return { result, scope };
}
