import { data, isRouteErrorResponse, type AppLoadContext } from "react-router";
import { Link } from "../chrome/Link.tsx";
import { Result } from "antd";
import { ApiError, Code, type ApiClient, type VerifierIdentity } from "@shop/contract";
import { requireMember } from "../../lib/auth.ts";
import { loadOrClose, redirectIfClosed } from "../../lib/site-closed.ts";
import { VerifyFrame, type VerifyPage } from "./VerifyFrame.tsx";
import { VERIFICATION_LIST_PATH } from "./verify-paths.ts";

export const NOT_VERIFIER = "您不是核销员";
const FORBIDDEN = 403;

/**
 * For the loaders of the verification pages: guests go to login, a closed shop to /close, a member
 * without the verifier role gets a 403 page saying so (the API answers -1 您不是核销员), and what
 * `load` is refused with -1 (a record that is not the caller's) is a 404 with the server's message.
 */
export async function loadVerifierPage<T>(
  args: { request: Request; context: AppLoadContext },
  load: (api: ApiClient, verifier: VerifierIdentity) => Promise<T>,
): Promise<T & { verifier: VerifierIdentity }> {
  const { request, context } = args;
  await loadOrClose(request, requireMember(args));
  const check = await context.api.raw("/api/verify/checkisverifier");
  redirectIfClosed(check, request);
  if (check.code === Code.ERROR) throw data(NOT_VERIFIER, { status: FORBIDDEN });
  if (check.code !== Code.SUCCESS || !check.data) throw new ApiError(check);
  const verifier = check.data;
  try {
    return { ...(await loadOrClose(request, load(context.api, verifier))), verifier };
  } catch (error) {
    if (error instanceof ApiError && error.code === Code.ERROR) throw data(error.message, { status: 404 });
    throw error;
  }
}

/** The error boundary of those pages: who may use them (403), or the missing record (404), in the page's frame. */
export function VerifyError({ error, page }: { error: unknown; page: VerifyPage }) {
  if (!isRouteErrorResponse(error)) throw error;
  if (error.status === FORBIDDEN) {
    return (
      <VerifyFrame page={page} showTabs={false}>
        <Result
          className="verify-panel verify-forbidden"
          status="403"
          title={NOT_VERIFIER}
          subTitle="核销台仅对商家授权的核销员开放；如需为顾客核销提货码或虚拟商品核销码，请联系商家开通核销员身份。"
          extra={<Link to="/member">返回会员中心</Link>}
        />
      </VerifyFrame>
    );
  }
  return (
    <VerifyFrame page={page}>
      <Result
        className="verify-panel"
        status="404"
        title={typeof error.data === "string" && error.data ? error.data : "核销记录不存在"}
        extra={<Link to={VERIFICATION_LIST_PATH}>返回核销记录</Link>}
      />
    </VerifyFrame>
  );
}
