import DocListPage from "../../components/content/DocListPage.tsx";
import { DOC_KINDS } from "../../components/content/doc-kinds.ts";

export function meta() {
  return [{ title: "文章管理 - 商城管理后台" }];
}

/** The list of this kind of document (components/content/DocListPage serves articles, notices and help). */
export default function ArticleListPage() {
  return <DocListPage spec={DOC_KINDS.article} />;
}
