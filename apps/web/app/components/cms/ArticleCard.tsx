import { Link } from "../chrome/Link.tsx";
import type { ArticleListItem } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";
import { imageUrl } from "../../lib/image.ts";
import { useGlobalData } from "../../lib/global-data.ts";
import { articleDetailPath, articleListPath } from "./article-data.ts";

/** An article in the list: cover on the left; title, abstract, category, date and reads on the right. */
export function ArticleCard({ article }: { article: ArticleListItem }) {
  const { defaultImages } = useGlobalData();
  const to = articleDetailPath(article.article_id);
  const cover = imageUrl(article.cover_img || defaultImages.article);
  return (
    <div className="cms-card">
      <Link className="cms-card__cover" to={to} tabIndex={-1} aria-hidden="true">
        {cover ? <img src={cover} alt="" loading="lazy" width={200} height={125} /> : null}
      </Link>
      <div className="cms-card__body">
        <h2 className="cms-card__title">
          <Link to={to} title={article.article_title}>
            {article.article_title}
          </Link>
        </h2>
        <p className="cms-card__abstract">{article.article_abstract}</p>
        <p className="cms-card__meta">
          {article.category_name ? (
            <Link className="cms-card__category" to={articleListPath(article.category_id)}>
              {article.category_name}
            </Link>
          ) : null}
          <time>{formatTime(article.create_time, "YYYY-MM-DD")}</time>
          <span>阅读 {article.read_num}</span>
        </p>
      </div>
    </div>
  );
}
