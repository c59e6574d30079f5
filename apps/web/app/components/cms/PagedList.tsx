import type { Key, ReactNode } from "react";
import type { Page } from "@shop/contract";
import { UrlPagination } from "../common/UrlPagination.tsx";
import { Empty } from "../ui/Empty.tsx";

interface PagedListProps<Item> {
  page: Page<Item>;
  /** the page shown (from ?page=) */
  current: number;
  pageSize: number;
  itemKey: (item: Item) => Key;
  renderItem: (item: Item) => ReactNode;
  /** text of the empty state */
  empty: string;
  className?: string;
}

/** One page of a server-paged list with URL pagination below it; every CMS list uses it. */
export function PagedList<Item>({ page, current, pageSize, itemKey, renderItem, empty, className }: PagedListProps<Item>) {
  const pastTheEnd = page.list.length === 0 && page.count > 0;
  return (
    <div className={className ? `cms-paged ${className}` : "cms-paged"}>
      {page.list.length === 0 ? (
        <Empty className="cms-paged__empty" simple description={pastTheEnd ? "没有更多内容了" : empty} />
      ) : (
        <ul className="cms-paged__list">
          {page.list.map((item) => (
            <li key={itemKey(item)} className="cms-paged__item">
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
      <UrlPagination className="cms-pagination" page={current} total={page.count} pageSize={pageSize} showTotal />
    </div>
  );
}
