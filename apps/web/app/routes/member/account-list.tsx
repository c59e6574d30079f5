import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Link } from "../../components/chrome/Link.tsx";
import { App, Button, Empty } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { MAX_BANK_ACCOUNTS, type BankAccount } from "@shop/contract";
import { BankAccountCard } from "../../components/member/withdraw/BankAccountCard.tsx";
import { withdrawCss } from "../../components/member/withdraw/withdraw-css.ts";
import { APPLY_WITHDRAWAL_PATH, accountEditPath, accountSummary } from "../../components/member/withdraw/withdraw-view.ts";
import { useMemberCall } from "../../lib/api-errors.ts";
import { requireMember } from "../../lib/auth.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/account-list";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: withdrawCss }];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "账户列表"), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  await loadOrClose(args.request, requireMember(args));
  const page = await loadOrClose(args.request, args.context.api.call("/api/memberbankaccount/page", { page_size: 0 }));
  return { accounts: page.list };
}

/** /member/account_list: the member's withdrawal accounts (bank cards, Alipay), the default first; set default, edit, delete. */
export default function AccountListPage({ loaderData }: Route.ComponentProps) {
  const [accounts, setAccounts] = useState<BankAccount[]>(loaderData.accounts);
  useEffect(() => setAccounts(loaderData.accounts), [loaderData.accounts]);
  const [busyId, setBusyId] = useState<number | null>(null);
  const call = useMemberCall();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const full = accounts.length >= MAX_BANK_ACCOUNTS;

  /** Runs a change, then shows the list as the server now has it. */
  const change = async (accountId: number, run: () => Promise<unknown>, done: string) => {
    setBusyId(accountId);
    try {
      if ((await run()) === undefined) return;
      void message.success(done);
      const page = await call("/api/memberbankaccount/page", { page_size: 0 });
      if (page) setAccounts(page.list);
    } finally {
      setBusyId(null);
    }
  };
  const setDefault = (id: number) => change(id, () => call("/api/memberbankaccount/setdefault", { id }), "已设为默认提现账户");
  const confirmRemove = (account: BankAccount) =>
    modal.confirm({
      title: "确定要删除该提现账户吗？",
      content: `${accountSummary(account)}（${account.realname}）。已提交的提现申请不受影响。`,
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: () => change(account.id, () => call("/api/memberbankaccount/delete", { id: account.id }), "提现账户已删除"),
    });

  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={() => void navigate(accountEditPath())}>
      添加提现账户
    </Button>
  );

  return (
    <div className="member-panel withdraw-accounts-page">
      <div className="withdraw-head">
        <h1 className="member-panel-title">账户列表</h1>
        <span className="withdraw-head-note">
          已添加 {accounts.length} 个提现账户，最多 {MAX_BANK_ACCOUNTS} 个{accounts.length > 0 && "；申请提现时默认提现到默认账户"}
        </span>
        {accounts.length > 0 && (
          <>
            <Link to={APPLY_WITHDRAWAL_PATH}>申请提现</Link>
            {addButton}
          </>
        )}
      </div>
      {accounts.length === 0 ? (
        <Empty className="withdraw-empty" description="您还没有添加提现账户，添加银行卡或支付宝账户后即可申请提现">
          {addButton}
        </Empty>
      ) : (
        <div className="withdraw-account-grid">
          {accounts.map((account) => (
            <BankAccountCard
              key={account.id}
              account={account}
              actions={
                <>
                  {account.is_default !== 1 && (
                    <Button type="link" size="small" loading={busyId === account.id} onClick={() => void setDefault(account.id)}>
                      设为默认
                    </Button>
                  )}
                  <Link to={accountEditPath(account.id)}>编辑</Link>
                  <Button type="link" size="small" danger disabled={busyId === account.id} onClick={() => confirmRemove(account)}>
                    删除
                  </Button>
                </>
              }
            />
          ))}
        </div>
      )}
    </div>
  );
}
