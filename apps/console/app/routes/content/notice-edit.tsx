import DocEditPage from "../../components/content/DocEditPage.tsx";
import { DOC_KINDS } from "../../components/content/doc-kinds.ts";

export function meta() {
  return [{ title: "编辑公告 - 商城管理后台" }];
}

/** Adds or edits one document of this kind (components/content/DocEditPage serves articles, notices and help). */
export default function NoticeEditPage() {
  return <DocEditPage spec={DOC_KINDS.notice} idParam="noticeId" />;
}
