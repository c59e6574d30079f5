/**
 * What a back-office write of the catalogue's taxonomy changed, for its route to finish it: the
 * answer, the cache tags to purge and the goods whose search documents to rebuild (a category or
 * brand name is part of them). Services return it; catalog-admin-routes.ts logs, purges, indexes.
 */
export interface CatalogChange<T> {
  result: T;
  /** cache tags (core/cache/tags.ts) of what the storefront shows of it */
  tags: readonly string[];
  /** goods to re-index after the commit (names they are found by changed) */
  reindex?: readonly number[];
  /** what the staff log keeps of the change (beyond the call's own fields) */
  detail?: Record<string, unknown>;
}
