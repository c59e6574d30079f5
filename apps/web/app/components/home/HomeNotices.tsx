import { Link } from "../chrome/Link.tsx";
import type { HomeNotice } from "./home-data.ts";

/** 商城公告: the latest notices beside the carousel. */
export function HomeNotices({ notices }: { notices: HomeNotice[] }) {
  return (
    <div className="home-notices">
      <div className="home-notices__head">
        <h2 className="home-notices__title">商城公告</h2>
        <Link className="home-notices__more" to="/cms/notice/list">更多 &gt;</Link>
      </div>
      {notices.length === 0 ? (
        <p className="home-notices__empty">暂无公告</p>
      ) : (
        <ul className="home-notices__list">
          {notices.map((notice) => (
            <li key={notice.id} className="home-notices__item">
              <Link to={`/cms/notice/detail?id=${notice.id}`} title={notice.title}>
                <span className={notice.is_top ? "home-notices__tag home-notices__tag--top" : "home-notices__tag"}>
                  {notice.is_top ? "置顶" : "公告"}
                </span>
                {notice.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
