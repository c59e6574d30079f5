import { Link } from "../chrome/Link.tsx";
import { searchPath } from "../../lib/links.ts";

/** The page asked for lies past the last one. */
export interface PastEndLinks {
  /** the page asked for */
  page: number;
  pageCount: number;
  lastPageHref: string;
  firstPageHref: string;
}

interface EmptyResultProps {
  keyword: string;
  /** the page asked for lies past the last one: links to the last and the first page */
  pastEnd?: PastEndLinks;
  /** the brand of the URL does not exist: the list without it */
  missingBrand?: { withoutBrandHref: string };
  hotWords: string[];
  /** the list failed to load: the server's message */
  error: string;
  /** filters other than the keyword are in use */
  filtered: boolean;
}

/** 没有找到相关商品, with what to try next: fewer filters, other words, the hot words. */
export function EmptyResult({ keyword, pastEnd, missingBrand, hotWords, error, filtered }: EmptyResultProps) {
  if (pastEnd) {
    return (
      <div className="goods-list-empty goods-list-empty--past-end" role="status">
        <div className="goods-list-empty__text">
          <p className="goods-list-empty__title">这一页没有商品了</p>
          <p className="goods-list-empty__keyword">
            第 {pastEnd.page} 页超出了结果的范围，共 {pastEnd.pageCount} 页商品
          </p>
          <p className="goods-list-empty__hot">
            <Link to={pastEnd.lastPageHref}>去最后一页（第 {pastEnd.pageCount} 页）</Link>
            {pastEnd.pageCount > 1 && <Link to={pastEnd.firstPageHref}>回到第 1 页</Link>}
          </p>
        </div>
      </div>
    );
  }
  if (missingBrand && !error) {
    return (
      <div className="goods-list-empty goods-list-empty--no-brand" role="status">
        <div className="goods-list-empty__icon" aria-hidden>
          ?
        </div>
        <div className="goods-list-empty__text">
          <p className="goods-list-empty__title">没有找到这个品牌</p>
          <p className="goods-list-empty__keyword">品牌可能已不再销售，或者链接有误</p>
          <p className="goods-list-empty__hot">
            <Link to="/goods/brand">去品牌街看看</Link>
            <Link to={missingBrand.withoutBrandHref}>{keyword ? `查看“${keyword}”的全部结果` : "查看全部商品"}</Link>
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="goods-list-empty" role="status">
      <div className="goods-list-empty__icon" aria-hidden>
        ?
      </div>
      <div className="goods-list-empty__text">
        <p className="goods-list-empty__title">{error || "没有找到相关商品"}</p>
        {keyword && (
          <p className="goods-list-empty__keyword">
            搜索“<em>{keyword}</em>”{filtered ? "在当前筛选条件下" : ""}没有结果
          </p>
        )}
        <ul className="goods-list-empty__tips">
          {filtered && <li>减少筛选条件，或者换一个价格区间试试</li>}
          {keyword && <li>检查关键词是否有错别字，或者使用更简短的关键词</li>}
        </ul>
        {hotWords.length > 0 && (
          <p className="goods-list-empty__hot">
            大家都在搜：
            {hotWords.map((word) => (
              <Link key={word} to={searchPath(word)}>
                {word}
              </Link>
            ))}
          </p>
        )}
      </div>
    </div>
  );
}
