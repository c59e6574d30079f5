import { useNavigate } from "react-router";
import { Button, Result } from "antd";
import { ApiError, Code, WITHDRAW_TYPES, type WithdrawType } from "@shop/contract";
import { BankAccountForm } from "../../components/member/withdraw/BankAccountForm.tsx";
import { withdrawCss } from "../../components/member/withdraw/withdraw-css.ts";
import { ACCOUNT_LIST_PATH } from "../../components/member/withdraw/withdraw-view.ts";
import { requireMember, safeRedirectTarget } from "../../lib/auth.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose, redirectIfClosed } from "../../lib/site-closed.ts";
import type { Route } from "./+types/account-edit";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: withdrawCss }];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, loaderData?.editing ? "编辑提现账户" : "添加提现账户"),
  { name: "robots", content: "noindex" },
];

/**
 * /member/account_edit?id= edits a withdrawal account, without id adds one. `back` (an app path,
 * e.g. /member/apply_withdrawal) is where saving or cancelling returns to; only paths inside the app are followed.
 */
export async function loader(args: Route.LoaderArgs) {
  await loadOrClose(args.request, requireMember(args));
  const query = new URL(args.request.url).searchParams;
  const back = safeRedirectTarget(query.get("back"), ACCOUNT_LIST_PATH);
  const offered = await loadOrClose(args.request, args.context.api.call("/api/memberwithdraw/transferType"));
  // In the shop's order.
  const types = Object.keys(offered).filter((type): type is WithdrawType => type in WITHDRAW_TYPES);
  const rawId = query.get("id");
  if (rawId === null || rawId === "") return { back, types, editing: false, account: null };
  const id = Number(rawId);
  if (!Number.isInteger(id) || id <= 0) return { back, types, editing: true, account: null };
  const envelope = await args.context.api.raw("/api/memberbankaccount/info", { id });
  redirectIfClosed(envelope, args.request);
  if (envelope.code === Code.SUCCESS) return { back, types, editing: true, account: envelope.data };
  if (envelope.code === Code.ERROR) return { back, types, editing: true, account: null };
  throw new ApiError(envelope);
}

export default function AccountEditPage({ loaderData }: Route.ComponentProps) {
  const { back, types, editing, account } = loaderData;
  const navigate = useNavigate();
  const goBack = () => void navigate(back);

  if (editing && !account) {
    return (
      <div className="member-panel">
        <Result
          status="404"
          title="提现账户不存在"
          subTitle="该账户可能已被删除"
          extra={
            <Button type="primary" onClick={() => void navigate(ACCOUNT_LIST_PATH)}>
              返回账户列表
            </Button>
          }
        />
      </div>
    );
  }
  if (!account && types.length === 0) {
    return (
      <div className="member-panel">
        <Result status="info" title="商家暂未开放提现账户" subTitle="暂时无法添加提现账户，请稍后再来" extra={<Button onClick={goBack}>返回</Button>} />
      </div>
    );
  }
  return (
    <div className="member-panel withdraw-account-edit-page">
      <h1 className="member-panel-title">{editing ? "编辑提现账户" : "添加提现账户"}</h1>
      <BankAccountForm key={account?.id ?? "new"} initial={account ?? undefined} types={types} onSaved={goBack} onCancel={goBack} />
    </div>
  );
}
