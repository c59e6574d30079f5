import type { FormEvent } from "react";
import { Form, useNavigate } from "react-router";
import { listPath, listSearch, parseListQuery, withChanges, type ListQuery } from "./list-query.ts";

/**
 * ¥[min]-¥[max] 确定: a GET form to the list itself carrying the other filters as hidden fields,
 * so it works before hydration too; with scripts it navigates to the canonical URL (empty bounds
 * left out, junk dropped, a reversed range swapped).
 */
export function PriceRange({ query }: { query: ListQuery }) {
  const navigate = useNavigate();
  const kept = new URLSearchParams(listSearch(withChanges(query, { min_price: "", max_price: "" })));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = new FormData(event.currentTarget);
    const bounds = parseListQuery(new URLSearchParams({ min_price: String(typed.get("min_price") ?? ""), max_price: String(typed.get("max_price") ?? "") }));
    void navigate(listPath(withChanges(query, { min_price: bounds.min_price, max_price: bounds.max_price })));
  };
  return (
    <Form method="get" action="/goods/list" className="goods-list-price" onSubmit={submit} key={`${query.min_price}-${query.max_price}`}>
      {[...kept].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="goods-list-price__field">
        <span>¥</span>
        <input name="min_price" inputMode="decimal" defaultValue={query.min_price} aria-label="最低价" autoComplete="off" maxLength={10} />
      </label>
      <span className="goods-list-price__dash">-</span>
      <label className="goods-list-price__field">
        <span>¥</span>
        <input name="max_price" inputMode="decimal" defaultValue={query.max_price} aria-label="最高价" autoComplete="off" maxLength={10} />
      </label>
      <button type="submit" className="goods-list-price__submit">确定</button>
    </Form>
  );
}
