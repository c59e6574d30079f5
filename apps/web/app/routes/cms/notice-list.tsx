import { cmsStylesheets } from "../../components/cms/cms-styles.ts";
import { NoticeListView } from "../../components/cms/NoticeListView.tsx";
import { NOTICE_HOME, loadNoticeList } from "../../components/cms/notice-data.ts";
import { cmsMeta, withPage } from "../../components/cms/cms-meta.ts";
import { pageOf } from "../../components/cms/cms-loader.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/notice-list";

export const links: Route.LinksFunction = () => cmsStylesheets;

/** /cms/notice/list[?page=]. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadOrClose(request, loadNoticeList(context.api, pageOf(new URL(request.url))));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  cmsMeta(matches, "商城公告", { canonical: withPage(NOTICE_HOME, loaderData?.page ?? 1) });

export default function NoticeList({ loaderData }: Route.ComponentProps) {
  return <NoticeListView {...loaderData} />;
}
