import { formatTime } from "../../lib/format.ts";
import { ArticleBody } from "./ArticleBody.tsx";
import { CmsFrame } from "./CmsFrame.tsx";
import { NeighbourLinks } from "./NeighbourLinks.tsx";
import { SideMenu } from "./SideMenu.tsx";
import { NOTICE_HOME, noticeDetailPath, type NoticeDetailData } from "./notice-data.ts";

/** One notice, with the latest notices on the left. */
export function NoticeDetailView({ notice, latest }: NoticeDetailData) {
  const groups = latest.map((item) => ({ key: item.id, label: item.title, to: noticeDetailPath(item.id), active: item.id === notice.id }));
  return (
    <CmsFrame crumbs={[{ label: "商城公告", to: NOTICE_HOME }, { label: notice.title }]} aside={<SideMenu title="最新公告" groups={groups} />}>
      <div className="cms-panel">
        <ArticleBody title={notice.title} meta={<span>发布时间：{formatTime(notice.create_time)}</span>} html={notice.content}>
          <NeighbourLinks back={{ to: NOTICE_HOME, title: "返回公告列表" }} />
        </ArticleBody>
      </div>
    </CmsFrame>
  );
}
