import type { ReactNode } from "react";
import { Typography } from "antd";

/**
 * The frame of a back-office page: its title (the page's h1), the actions on the right (新增, 导出 …),
 * the filters, then the content. Every list and form page uses it, so they look alike.
 */
export default function ConsolePage({ title, extra, filters, children }: { title: string; extra?: ReactNode; filters?: ReactNode; children: ReactNode }) {
  return (
    <section className="console-page" aria-label={title}>
      <div className="console-page__head">
        <Typography.Title level={1} className="console-page__title" style={{ fontSize: 20 }}>
          {title}
        </Typography.Title>
        {extra}
      </div>
      {filters && <div className="console-page__filters">{filters}</div>}
      {children}
    </section>
  );
}
