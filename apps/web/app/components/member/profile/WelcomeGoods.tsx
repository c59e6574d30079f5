import type { BrowseItem, CollectItem } from "@shop/contract";
import { Link } from "../../chrome/Link.tsx";
import { GoodsRecordCard } from "../collection/GoodsRecordCard.tsx";

interface WelcomeGoodsProps {
  title: string;
  /** the page with all of them */
  more: string;
  /** null when they could not be loaded */
  goods: Array<CollectItem | BrowseItem> | null;
  empty: string;
}

/** 我的关注 / 最近浏览 on the welcome page: the first few cards (GoodsRecordCard, as on their own pages) and a link to all. */
export function WelcomeGoods({ title, more, goods, empty }: WelcomeGoodsProps) {
  return (
    <section className="member-panel welcome-goods" aria-label={title}>
      <h2 className="member-panel-title welcome-goods-title">
        {title}
        <Link to={more} className="welcome-goods-more">
          查看全部
        </Link>
      </h2>
      {goods && goods.length > 0 ? (
        <ul className="record-grid">
          {goods.map((item) => (
            <GoodsRecordCard key={"collect_id" in item ? item.collect_id : item.id} goods={item} />
          ))}
        </ul>
      ) : (
        <p className="welcome-goods-empty">
          {goods ? empty : "暂时无法加载，请稍后刷新"}
          <Link to="/">去逛逛</Link>
        </p>
      )}
    </section>
  );
}
