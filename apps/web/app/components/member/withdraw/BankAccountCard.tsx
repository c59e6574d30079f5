import type { ReactNode } from "react";
import { Tag } from "antd";
import { AlipayCircleOutlined, BankOutlined } from "@ant-design/icons";
import type { BankAccount } from "@shop/contract";
import { maskMobile } from "../../../lib/mobile.ts";
import { maskAccountNumber } from "./withdraw-view.ts";

interface BankAccountCardProps {
  account: BankAccount;
  /** links or buttons at the bottom (设为默认, 编辑, 删除) */
  actions?: ReactNode;
}

/** One withdrawal account: its kind and the 默认 tag, the number with its middle hidden, the bank, the holder. */
export function BankAccountCard({ account, actions }: BankAccountCardProps) {
  const bank = account.withdraw_type === "bank";
  return (
    <article
      className={`withdraw-account-card withdraw-account-card-${account.withdraw_type}${account.is_default ? " withdraw-account-card-default" : ""}`}
      aria-label={`${bank ? account.branch_bank_name : account.withdraw_type_name} ${maskAccountNumber(account.bank_account)}`}
      data-account-id={account.id}
    >
      <header className="withdraw-account-head">
        <span className="withdraw-account-kind">
          {bank ? <BankOutlined aria-hidden /> : <AlipayCircleOutlined aria-hidden />}
          {bank ? account.branch_bank_name : account.withdraw_type_name}
        </span>
        {account.is_default === 1 && (
          <Tag color="red" variant="outlined" className="withdraw-account-tag">
            默认
          </Tag>
        )}
      </header>
      <p className="withdraw-account-number">{maskAccountNumber(account.bank_account)}</p>
      <p className="withdraw-account-holder">
        {bank ? "开户名" : "实名"}：{account.realname}
        <span>手机：{maskMobile(account.mobile)}</span>
      </p>
      {actions && <footer className="withdraw-account-actions">{actions}</footer>}
    </article>
  );
}
