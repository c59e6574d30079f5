import { useState } from "react";
import { App, AutoComplete, Button, Checkbox, Form, Input, Radio } from "antd";
import { accountMobile, accountNumberRule, accountRealname, branchBankName, WITHDRAW_TYPES, type BankAccount, type WithdrawType } from "@shop/contract";
import { useMemberCall } from "../../../lib/api-errors.ts";
import { zodRule } from "../../../lib/form-rules.ts";
import { groupCardNumber } from "./withdraw-view.ts";

/** Banks members most often withdraw to, offered while typing (any other bank can be typed). */
const COMMON_BANKS = [
  "中国工商银行", "中国农业银行", "中国银行", "中国建设银行", "交通银行", "中国邮政储蓄银行", "招商银行", "中信银行",
  "浦发银行", "兴业银行", "中国民生银行", "中国光大银行", "平安银行", "华夏银行", "广发银行",
];

interface BankAccountFormValues {
  withdraw_type: WithdrawType;
  realname: string;
  mobile: string;
  branch_bank_name: string;
  bank_account: string;
  is_default: boolean;
}

export interface BankAccountFormProps {
  /** the account being edited; absent for a new one */
  initial?: BankAccount;
  /** the types the shop offers (an edited account keeps its own type even when no longer offered) */
  types: WithdrawType[];
  onSaved: (accountId: number) => void;
  onCancel: () => void;
}

const valuesOf = (account: BankAccount | undefined, firstType: WithdrawType): Partial<BankAccountFormValues> =>
  account
    ? {
        withdraw_type: account.withdraw_type,
        realname: account.realname,
        mobile: account.mobile,
        branch_bank_name: account.branch_bank_name,
        bank_account: account.withdraw_type === "bank" ? groupCardNumber(account.bank_account) : account.bank_account,
        is_default: account.is_default === 1,
      }
    : { withdraw_type: firstType, is_default: false };

/**
 * Add or edit a withdrawal account: 银行卡 (开户名, 手机, 开户银行, 卡号) or 支付宝 (实名, 手机,
 * 账号). The fields use the contract's rules, so the browser shows the messages the server would.
 */
export function BankAccountForm({ initial, types, onSaved, onCancel }: BankAccountFormProps) {
  const [form] = Form.useForm<BankAccountFormValues>();
  const call = useMemberCall();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const offered = initial && !types.includes(initial.withdraw_type) ? [initial.withdraw_type, ...types] : types;
  const type = Form.useWatch("withdraw_type", form) ?? initial?.withdraw_type ?? offered[0] ?? "bank";
  const bank = type === "bank";
  const isDefault = initial?.is_default === 1;

  const save = async (values: BankAccountFormValues) => {
    const body = {
      withdraw_type: values.withdraw_type,
      realname: values.realname,
      mobile: values.mobile,
      branch_bank_name: values.withdraw_type === "bank" ? values.branch_bank_name : "",
      bank_account: values.bank_account,
      is_default: values.is_default ? 1 : 0,
    };
    setSaving(true);
    try {
      const id = initial ? await call("/api/memberbankaccount/edit", { ...body, id: initial.id }) : await call("/api/memberbankaccount/add", body);
      if (id === undefined) return;
      void message.success("提现账户已保存");
      onSaved(id);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      className="withdraw-account-form"
      layout="horizontal"
      labelCol={{ flex: "96px" }}
      wrapperCol={{ flex: "auto" }}
      initialValues={valuesOf(initial, offered[0] ?? "bank")}
      onFinish={save}
      // Another kind of account: the number typed for the other kind does not fit it.
      onValuesChange={(changed: Partial<BankAccountFormValues>) => {
        if (changed.withdraw_type) form.setFieldValue("bank_account", changed.withdraw_type === initial?.withdraw_type ? valuesOf(initial, "bank").bank_account : "");
      }}
      requiredMark
    >
      <Form.Item label="账户类型" name="withdraw_type" required>
        <Radio.Group optionType="button" buttonStyle="solid" aria-label="账户类型">
          {offered.map((option) => (
            <Radio.Button key={option} value={option}>
              {WITHDRAW_TYPES[option]}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item label={bank ? "开户名" : "真实姓名"} name="realname" rules={[zodRule(accountRealname)]} required extra={bank ? "须与银行卡开户人一致" : "须与支付宝实名认证的姓名一致"}>
        <Input maxLength={20} placeholder="请输入真实姓名" autoComplete="name" />
      </Form.Item>
      <Form.Item label="手机号" name="mobile" rules={[zodRule(accountMobile)]} validateTrigger="onBlur" required>
        <Input maxLength={11} inputMode="numeric" placeholder="11 位手机号，审核时用于联系您" autoComplete="tel" />
      </Form.Item>
      {bank && (
        <Form.Item label="开户银行" name="branch_bank_name" rules={[zodRule(branchBankName)]} required>
          <AutoComplete
            options={COMMON_BANKS.map((name) => ({ value: name }))}
            filterOption={(typed, option) => String(option?.value ?? "").includes(typed.trim().split(/\s+/)[0] ?? "")}
            maxLength={50}
            placeholder="如：招商银行 上海张江支行"
            aria-label="开户银行"
          />
        </Form.Item>
      )}
      <Form.Item
        key={type}
        label={bank ? "银行卡号" : "支付宝账号"}
        name="bank_account"
        rules={[zodRule(accountNumberRule(type))]}
        normalize={bank ? groupCardNumber : undefined}
        validateTrigger="onBlur"
        required
      >
        <Input
          maxLength={bank ? 23 : 50}
          inputMode={bank ? "numeric" : "email"}
          placeholder={bank ? "12–19 位银行卡号" : "支付宝登录手机号或邮箱"}
          autoComplete="off"
        />
      </Form.Item>
      <Form.Item name="is_default" valuePropName="checked" label=" " colon={false}>
        <Checkbox disabled={isDefault}>{isDefault ? "默认提现账户（设置其他账户为默认后取消）" : "设为默认提现账户"}</Checkbox>
      </Form.Item>
      <Form.Item label=" " colon={false} className="withdraw-form-actions">
        <Button type="primary" htmlType="submit" loading={saving}>
          保存
        </Button>
        <Button onClick={onCancel}>取消</Button>
      </Form.Item>
    </Form>
  );
}
