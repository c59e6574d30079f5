import { formatTime } from "../../lib/format.ts";
import { AppLink } from "../chrome/AppLink.tsx";

interface TitleRowProps {
  /** a storefront path, or another site's URL (help articles may link out) */
  to: string;
  title: string;
  /** unix seconds */
  time: number;
  /** a small label before the title, e.g. 置顶 */
  tag?: string;
}

/** A list row of notices and help articles: title on the left, date on the right. */
export function TitleRow({ to, title, time, tag }: TitleRowProps) {
  return (
    <AppLink className="cms-row" to={to} title={title}>
      {tag ? <span className="cms-row__tag">{tag}</span> : null}
      <span className="cms-row__title">{title}</span>
      <time className="cms-row__time">{formatTime(time, "YYYY-MM-DD")}</time>
    </AppLink>
  );
}
