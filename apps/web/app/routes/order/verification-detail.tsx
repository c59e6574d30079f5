import { data } from "react-router";
import { Link } from "../../components/chrome/Link.tsx";
import { Tag } from "antd";
import { CheckCircleFilled } from "@ant-design/icons";
import { VerifyFrame } from "../../components/verify/VerifyFrame.tsx";
import { VerifyGoods, VerifyRemarks } from "../../components/verify/VerifyGoods.tsx";
import { groupedCode } from "../../components/verify/VerifyCodeCard.tsx";
import { VerifyError, loadVerifierPage } from "../../components/verify/verify-loader.tsx";
import { VERIFICATION_LIST_PATH, VERIFICATION_PATH, recordIdOf } from "../../components/verify/verify-paths.ts";
import { verifyCss } from "../../components/verify/verify-css.ts";
import { formatTime } from "../../lib/format.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/verification-detail";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: verifyCss }];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "核销详情"), { name: "robots", content: "noindex" }];

/** /order/verification_detail?id=: one record of this verifier, as it was when the code was used. */
export async function loader(args: Route.LoaderArgs) {
  const id = recordIdOf(new URL(args.request.url));
  return loadVerifierPage(args, async (api) => {
    if (id === null) throw data("核销记录不存在", { status: 404 });
    return { record: await api.call("/api/verify/detail", { id }) };
  });
}

export default function VerificationDetailPage({ loaderData }: Route.ComponentProps) {
  const { record } = loaderData;
  const facts = [
    { title: "核销类型", value: record.verify_type_name },
    { title: "核销人", value: record.verifier_name },
    { title: "核销时间", value: formatTime(record.verify_time) },
    ...(record.store_name ? [{ title: "核销门店", value: record.store_name }] : []),
  ];
  return (
    <VerifyFrame page="detail">
      <section className="verify-panel verify-card" aria-labelledby="verify-detail-title">
        <header className="verify-card-head">
          <h2 id="verify-detail-title">
            <Tag color="red">{record.verify_type_name}</Tag>
            <span className="verify-card-code">{groupedCode(record.verify_code)}</span>
          </h2>
          <span className="verify-detail-state">
            <CheckCircleFilled aria-hidden />
            已核销
          </span>
        </header>
        <VerifyGoods items={record.item_array} />
        <VerifyRemarks remarks={record.remark_array} extra={facts} />
        <footer className="verify-card-foot">
          <Link to={VERIFICATION_LIST_PATH}>返回核销记录</Link>
          <Link to={VERIFICATION_PATH} className="verify-primary-link">
            继续核销
          </Link>
        </footer>
      </section>
    </VerifyFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <VerifyError error={error} page="detail" />;
}
