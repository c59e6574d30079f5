import { Checkbox, Input, Radio } from "antd";
import type { CheckoutInvoiceConfig } from "@shop/contract";
import { CheckoutSection } from "./CheckoutSection.tsx";
import type { InvoiceChoices } from "./checkout-choices.ts";

interface InvoiceSectionProps {
  config: CheckoutInvoiceConfig;
  invoice: InvoiceChoices;
  onChange: (invoice: InvoiceChoices) => void;
}

/** 发票: paper or electronic, personal or company (with the taxpayer number), content, email or mailing address. */
export function InvoiceSection({ config, invoice, onChange }: InvoiceSectionProps) {
  const set = (patch: Partial<InvoiceChoices>) => onChange({ ...invoice, ...patch });
  return (
    <CheckoutSection title="发票信息" className="checkout-invoice">
      <Checkbox checked={invoice.isInvoice} onChange={(event) => set({ isInvoice: event.target.checked })}>
        开具发票<span className="checkout-muted">（发票税费为商品金额的 {config.rate_percent}%）</span>
      </Checkbox>
      {invoice.isInvoice && (
        <div className="checkout-invoice__form">
          <Field label="发票类型">
            <Radio.Group value={invoice.type} onChange={(event) => set({ type: Number(event.target.value) })} options={config.types.map((type) => ({ value: type.value, label: type.name }))} />
          </Field>
          <Field label="抬头类型">
            <Radio.Group
              value={invoice.titleType}
              onChange={(event) => set({ titleType: Number(event.target.value) })}
              options={[{ value: 1, label: "个人" }, { value: 2, label: "企业" }]}
            />
          </Field>
          <Field label="发票抬头">
            <Input
              aria-label="发票抬头"
              maxLength={100}
              value={invoice.title}
              placeholder={invoice.titleType === 2 ? "请填写单位名称" : "请填写个人姓名"}
              onChange={(event) => set({ title: event.target.value })}
            />
          </Field>
          {invoice.titleType === 2 && (
            <Field label="纳税人识别号">
              <Input
                aria-label="纳税人识别号"
                maxLength={20}
                value={invoice.taxpayerNumber}
                placeholder="18 位统一社会信用代码"
                onChange={(event) => set({ taxpayerNumber: event.target.value.toUpperCase() })}
              />
            </Field>
          )}
          {config.contents.length > 0 && (
            <Field label="发票内容">
              <Radio.Group value={invoice.content} onChange={(event) => set({ content: String(event.target.value) })} options={config.contents} />
            </Field>
          )}
          {invoice.type === 2 ? (
            <Field label="收票邮箱">
              <Input aria-label="收票邮箱" maxLength={100} value={invoice.email} placeholder="电子发票将发送到此邮箱" onChange={(event) => set({ email: event.target.value })} />
            </Field>
          ) : (
            <Field label="邮寄地址">
              <Input aria-label="邮寄地址" maxLength={200} value={invoice.mailingAddress} placeholder="纸质发票的邮寄地址" onChange={(event) => set({ mailingAddress: event.target.value })} />
            </Field>
          )}
        </div>
      )}
    </CheckoutSection>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="checkout-field">
      <span className="checkout-field__label">{label}</span>
      <div className="checkout-field__control">{children}</div>
    </div>
  );
}
