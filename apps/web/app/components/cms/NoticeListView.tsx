import { CmsFrame } from "./CmsFrame.tsx";
import { PagedList } from "./PagedList.tsx";
import { TitleRow } from "./TitleRow.tsx";
import { CMS_PAGE_SIZE } from "./cms-loader.ts";
import { noticeDetailPath, type NoticeListData } from "./notice-data.ts";

/** 商城公告: pinned first, then the newest. */
export function NoticeListView({ notices, page }: NoticeListData) {
  return (
    <CmsFrame crumbs={[{ label: "商城公告" }]}>
      <div className="cms-panel">
        <h1 className="cms-panel__title">商城公告</h1>
        <PagedList
          page={notices}
          current={page}
          pageSize={CMS_PAGE_SIZE}
          itemKey={(notice) => notice.id}
          renderItem={(notice) => (
            <TitleRow to={noticeDetailPath(notice.id)} title={notice.title} time={notice.create_time} tag={notice.is_top ? "置顶" : undefined} />
          )}
          empty="暂无公告"
        />
      </div>
    </CmsFrame>
  );
}
