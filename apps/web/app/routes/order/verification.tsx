import { Alert } from "antd";
import { VerifyFrame } from "../../components/verify/VerifyFrame.tsx";
import { VerifyCodeForm } from "../../components/verify/VerifyCodeForm.tsx";
import { VerifyCodeCard } from "../../components/verify/VerifyCodeCard.tsx";
import { VerifyError, loadVerifierPage } from "../../components/verify/verify-loader.tsx";
import { normalizeCode } from "../../components/verify/verify-paths.ts";
import { verifyCss } from "../../components/verify/verify-css.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { redirectIfClosed } from "../../lib/site-closed.ts";
import type { Route } from "./+types/verification";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: verifyCss }];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "核销台"), { name: "robots", content: "noindex" }];

/**
 * /order/verification?code=: the 核销台 of a verifier. The code box submits to the page itself; with
 * a code the loader looks it up (verifyInfo: what it is for, without using it) and the card offers
 * 确认核销. A refused lookup (无效, unpaid, closed) is shown under the box, the box keeping the code.
 */
export async function loader(args: Route.LoaderArgs) {
  const code = normalizeCode(new URL(args.request.url).searchParams.get("code"));
  return loadVerifierPage(args, async (api) => {
    if (!code) return { code, info: null, error: "" };
    const answer = await api.raw("/api/verify/verifyInfo", { verify_code: code });
    redirectIfClosed(answer, args.request);
    return answer.code === 0 && answer.data ? { code, info: answer.data, error: "" } : { code, info: null, error: answer.message || "查询失败，请稍后再试" };
  });
}

export default function VerificationPage({ loaderData }: Route.ComponentProps) {
  const { code, info, error, verifier } = loaderData;
  return (
    <VerifyFrame page="verification" summary={<span>核销员：{verifier.verifier_name}</span>}>
      <VerifyCodeForm code={code} />
      {error && <Alert className="verify-lookup-error" type="error" showIcon title={error} description={`输入的码：${code}`} />}
      {info && <VerifyCodeCard key={info.verify_code} info={info} />}
      {!code && (
        <div className="verify-empty">
          <p>顾客在订单详情中出示提货码（门店自提）或核销码（虚拟商品）及其二维码。</p>
          <p>扫码枪扫描二维码后会自动填入并查询。</p>
        </div>
      )}
    </VerifyFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <VerifyError error={error} page="verification" />;
}
