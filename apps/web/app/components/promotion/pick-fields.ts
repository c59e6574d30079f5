/**
 * The named fields of an item, for what a list's cards show: only these go into the page's
 * hydration payload. `fields` is a const tuple, so the result's type is Pick of exactly those.
 */
export function pickFields<T, K extends keyof T>(item: T, fields: readonly K[]): Pick<T, K> {
  return Object.fromEntries(fields.map((field) => [field, item[field]])) as Pick<T, K>;
}
