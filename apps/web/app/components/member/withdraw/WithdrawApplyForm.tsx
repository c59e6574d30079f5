import { useState } from "react";
import { Link } from "../../chrome/Link.tsx";
import { Alert, App, Button, Form, Input, Radio } from "antd";
import { centsFromWire, formatYuan, type BankAccount, type WithdrawInfo } from "@shop/contract";
import { useMemberCall } from "../../../lib/api-errors.ts";
import { checkRule } from "../../../lib/form-rules.ts";
import { securityHref } from "../security/security-view.ts";
import { BankAccountCard } from "./BankAccountCard.tsx";
import { accountEditPath, amountProblem, APPLY_WITHDRAWAL_PATH, previewFee, ACCOUNT_LIST_PATH } from "./withdraw-view.ts";

interface ApplyValues {
  account_id: number;
  apply_money: string;
  pay_password?: string;
}

export interface WithdrawApplyFormProps {
  info: WithdrawInfo;
  /** the member's accounts of the types the shop offers, the default first */
  accounts: BankAccount[];
  onApplied: (withdrawId: number) => void;
}

const yuan = (cents: number) => `¥${formatYuan(cents)}`;

/**
 * 申请提现: the account to send to (the default chosen), the amount (at least the minimum, at most
 * the withdrawable balance; 全部提现 fills it), the fee and what arrives worked out as it is typed,
 * and the pay password when the member has set one. The amount leaves the balance on submit.
 */
export function WithdrawApplyForm({ info, accounts, onApplied }: WithdrawApplyFormProps) {
  const [form] = Form.useForm<ApplyValues>();
  const call = useMemberCall();
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  const typed = Form.useWatch("apply_money", form) ?? "";
  const limits = { minCents: centsFromWire(info.config.min), withdrawableCents: centsFromWire(info.withdrawable) };
  const preview = amountProblem(typed, limits) === null ? previewFee(typed, info.config) : null;
  const chosen = accounts.find((account) => account.is_default === 1) ?? accounts[0];

  const submit = async (values: ApplyValues) => {
    setSubmitting(true);
    try {
      const applied = await call("/api/memberwithdraw/apply", {
        account_id: values.account_id,
        apply_money: values.apply_money.trim(),
        ...(info.is_pay_password === 1 ? { pay_password: values.pay_password ?? "" } : {}),
      });
      if (applied === undefined) return;
      void message.success("提现申请已提交，请等待审核");
      onApplied(applied.id);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form
      form={form}
      className="withdraw-apply-form"
      layout="horizontal"
      labelCol={{ flex: "96px" }}
      wrapperCol={{ flex: "auto" }}
      initialValues={{ account_id: chosen?.id, apply_money: "" }}
      onFinish={submit}
      // Checked on blur; once wrong, checked again as it is corrected.
      onValuesChange={(changed: Partial<ApplyValues>) => {
        if ("apply_money" in changed && form.getFieldError("apply_money").length > 0) void form.validateFields(["apply_money"]).catch(() => {});
      }}
      requiredMark
    >
      <Form.Item label="提现到" required>
        <Form.Item name="account_id" noStyle rules={[{ required: true, message: "请选择提现账户" }]}>
          <Radio.Group className="withdraw-apply-accounts" aria-label="提现账户">
            {accounts.map((account) => (
              <Radio key={account.id} value={account.id} className="withdraw-apply-account">
                <BankAccountCard account={account} />
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <div className="withdraw-apply-account-links">
          <Link to={accountEditPath(undefined, APPLY_WITHDRAWAL_PATH)}>+ 添加提现账户</Link>
          <Link to={ACCOUNT_LIST_PATH}>管理账户</Link>
        </div>
      </Form.Item>
      <Form.Item
        label="提现金额"
        required
        extra={
          <span className="withdraw-apply-hint">
            可提现余额 {yuan(limits.withdrawableCents)}，单笔最低 {yuan(limits.minCents)}
            {info.config.rate > 0 ? `，手续费率 ${info.config.rate}%` : "，免手续费"}
          </span>
        }
      >
        <div className="withdraw-apply-amount">
          <Form.Item name="apply_money" noStyle rules={[checkRule((value) => amountProblem(value, limits))]} validateTrigger="onBlur">
            <Input prefix="¥" inputMode="decimal" maxLength={12} placeholder={`最低 ${formatYuan(limits.minCents)}`} aria-label="提现金额" className="withdraw-apply-input" />
          </Form.Item>
          <Button type="link" onClick={() => form.setFieldsValue({ apply_money: formatYuan(limits.withdrawableCents) })} disabled={limits.withdrawableCents <= 0}>
            全部提现
          </Button>
        </div>
      </Form.Item>
      <Form.Item label="到账金额" className="withdraw-apply-preview">
        {preview ? (
          <p aria-live="polite">
            <strong className="withdraw-money" data-testid="withdraw-arrive">
              {yuan(preview.arriveCents)}
            </strong>
            <span>
              （手续费 <span data-testid="withdraw-fee">{yuan(preview.feeCents)}</span>）
            </span>
          </p>
        ) : (
          <p className="withdraw-muted">输入金额后显示手续费与实际到账金额</p>
        )}
      </Form.Item>
      {info.is_pay_password === 1 && (
        <Form.Item
          label="支付密码"
          name="pay_password"
          rules={[{ required: true, message: "请输入支付密码" }, { pattern: /^\d{6}$/, message: "支付密码为 6 位数字" }]}
          extra={<Link to={securityHref("paypassword", "reset")}>忘记支付密码？</Link>}
          required
        >
          <Input.Password maxLength={6} inputMode="numeric" placeholder="6 位数字支付密码" autoComplete="off" className="withdraw-apply-input" />
        </Form.Item>
      )}
      <Form.Item label=" " colon={false}>
        <Alert className="withdraw-apply-notice" type="info" showIcon title="提交后金额从余额中冻结；商家审核通过并转账后到账，审核未通过或转账失败将全额退回余额。" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={submitting} size="large">
          确认提现
        </Button>
      </Form.Item>
    </Form>
  );
}
