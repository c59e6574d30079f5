import { Link } from "../chrome/Link.tsx";

export interface NeighbourLink {
  to: string;
  title: string;
}

interface NeighbourLinksProps {
  /** null: this is the first one; omitted: the list has no order to step through */
  prev?: NeighbourLink | null;
  next?: NeighbourLink | null;
  /** the list the page belongs to */
  back: NeighbourLink;
}

function Neighbour({ label, link }: { label: string; link: NeighbourLink | null }) {
  return (
    <p className="cms-neighbours__line">
      <span className="cms-neighbours__label">{label}</span>
      {link ? <Link to={link.to}>{link.title}</Link> : <span className="cms-neighbours__none">没有了</span>}
    </p>
  );
}

/** 上一篇 / 下一篇 under an article, and the way back to its list. */
export function NeighbourLinks({ prev, next, back }: NeighbourLinksProps) {
  return (
    <footer className="cms-neighbours">
      <div>
        {prev !== undefined ? <Neighbour label="上一篇：" link={prev} /> : null}
        {next !== undefined ? <Neighbour label="下一篇：" link={next} /> : null}
      </div>
      <Link className="cms-neighbours__back" to={back.to}>
        {back.title}
      </Link>
    </footer>
  );
}
