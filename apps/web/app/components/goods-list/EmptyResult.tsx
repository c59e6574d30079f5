import { Link } from "react-router";
import { searchPath } from "../../lib/links.ts";

interface EmptyResultProps {
  keyword: string;
  /** the page asked for lies past the last one: a link back to the first page */
  firstPageHref?: string;
  hotWords: string[];
  /** the list failed to load: the server's message */
  error: string;
  /** filters other than the keyword are in use */
  filtered: boolean;
}

/** 没有找到相关商品, with what to try next: fewer filters, other words, the hot words. */
export function EmptyResult({ keyword, firstPageHref, hotWords, error, filtered }: EmptyResultProps) {
  if (firstPageHref) {
    return (
      <div className="goods-list-empty" role="status">
        <div className="goods-list-empty__text">
          <p className="goods-list-empty__title">这一页没有商品了</p>
          <Link to={firstPageHref}>回到第 1 页</Link>
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
            搜索“<em>{keyword}</em>”没有结果
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
