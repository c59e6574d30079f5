import DocListPage from "../../components/content/DocListPage.tsx";
import { DOC_KINDS } from "../../components/content/doc-kinds.ts";

export function meta() {
  return [{ title: "帮助中心 - 商城管理后台" }];
}

/** The list of this kind of document (components/content/DocListPage serves articles, notices and help). */
export default function HelpListPage() {
  return <DocListPage spec={DOC_KINDS.help} />;
}
