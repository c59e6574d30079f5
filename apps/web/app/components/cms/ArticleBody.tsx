import type { ReactNode } from "react";

interface ArticleBodyProps {
  title: string;
  /** the line under the title: date, category, reads */
  meta?: ReactNode;
  /** HTML as the server sanitized it (core/sanitize.ts allow-list); never built from other input here */
  html: string;
  /** below the content: previous/next links, back link */
  children?: ReactNode;
}

/** An article, notice or help page: title, meta line and the rich content. */
export function ArticleBody({ title, meta, html, children }: ArticleBodyProps) {
  return (
    <article className="cms-article">
      <header className="cms-article__head">
        <h1 className="cms-article__title">{title}</h1>
        {meta ? <div className="cms-article__meta">{meta}</div> : null}
      </header>
      {html ? (
        <div className="cms-article__content" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="cms-article__empty">暂无内容</p>
      )}
      {children}
    </article>
  );
}
