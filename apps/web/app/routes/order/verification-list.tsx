import { Link } from "../../components/chrome/Link.tsx";
import { Empty } from "antd";
import { VerifyFrame } from "../../components/verify/VerifyFrame.tsx";
import { VerifyRecordCard } from "../../components/verify/VerifyRecordCard.tsx";
import { VerifyError, loadVerifierPage } from "../../components/verify/verify-loader.tsx";
import { VERIFICATION_PATH, VERIFY_PAGE_SIZE, VERIFY_TABS, parseVerifyListQuery, verificationListHref } from "../../components/verify/verify-paths.ts";
import { verifyCss } from "../../components/verify/verify-css.ts";
import { UrlPagination } from "../../components/common/UrlPagination.tsx";
import uiCss from "../../styles/ui.css?url";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/verification-list";

// ui.css: the pager (UrlPagination) is drawn by it.
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: uiCss }, { rel: "stylesheet", href: verifyCss }];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "核销记录"), { name: "robots", content: "noindex" }];

/** /order/verification_list?type=&page=: the records this verifier made, newest first, by kind. */
export async function loader(args: Route.LoaderArgs) {
  const query = parseVerifyListQuery(new URL(args.request.url));
  return loadVerifierPage(args, async (api) => ({
    query,
    records: await api.call("/api/verify/lists", { verify_type: query.type, page: query.page, page_size: VERIFY_PAGE_SIZE }),
  }));
}

export default function VerificationListPage({ loaderData }: Route.ComponentProps) {
  const { query, records, verifier } = loaderData;
  return (
    <VerifyFrame page="list" summary={<span>核销员：{verifier.verifier_name}</span>}>
      <nav className="verify-tabs" aria-label="核销类型">
        {VERIFY_TABS.map((tab) => {
          const active = tab.type === query.type;
          return (
            <Link key={tab.type} to={verificationListHref(tab.type)} className={active ? "verify-tab verify-tab-active" : "verify-tab"} aria-current={active ? "page" : undefined}>
              {tab.label}
            </Link>
          );
        })}
      </nav>
      {records.list.length === 0 ? (
        <Empty className="verify-empty" description="暂无核销记录">
          <Link to={VERIFICATION_PATH}>去核销</Link>
        </Empty>
      ) : (
        records.list.map((record) => <VerifyRecordCard key={record.id} record={record} />)
      )}
      <UrlPagination className="verify-pagination" page={query.page} pageSize={VERIFY_PAGE_SIZE} total={records.count} showTotal />
    </VerifyFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <VerifyError error={error} page="list" />;
}
