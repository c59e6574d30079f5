import { cmsStylesheets } from "../../components/cms/cms-styles.ts";
import { NoticeDetailView } from "../../components/cms/NoticeDetailView.tsx";
import { loadNoticeDetail } from "../../components/cms/notice-data.ts";
import { cmsMeta } from "../../components/cms/cms-meta.ts";
import { idOr404, parseId } from "../../components/cms/cms-loader.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/notice-detail";

export const links: Route.LinksFunction = () => cmsStylesheets;

/** /cms/notice/detail?id=: a malformed or unknown id is 404. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const id = idOr404(parseId(new URL(request.url).searchParams.get("id")));
  return loadOrClose(request, loadNoticeDetail(context.api, id));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => cmsMeta(matches, loaderData?.notice.title ?? "商城公告");

export default function NoticeDetail({ loaderData }: Route.ComponentProps) {
  return <NoticeDetailView {...loaderData} />;
}
