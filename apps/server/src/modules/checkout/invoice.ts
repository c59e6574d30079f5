import { INVOICE_TITLE_TYPES, INVOICE_TYPES, percentOfCents, ZERO_CENTS, type Cents, type CheckoutChoices } from "@shop/contract";
import type { InvoiceConfig } from "../../core/config-keys.ts";
import { fail } from "../../core/errors.ts";

/**
 * Invoices (发票): paper or electronic, for a person or a company. The invoice money is the shop's
 * tax rate × the goods money. What the shop does not offer is refused at once; what the shopper
 * has not filled in yet is a reason the order cannot be created (calculate shows it).
 */
export const INVOICE_TYPE_NAMES: Record<number, string> = { [INVOICE_TYPES.paper]: "纸质发票", [INVOICE_TYPES.electronic]: "电子发票" };

export function offeredInvoiceTypes(config: InvoiceConfig): number[] {
  return config.types.split(",").map(Number).filter((type) => INVOICE_TYPE_NAMES[type] !== undefined);
}

const TAX_CODE_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const TAX_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * A taxpayer number: the 18-character unified social credit code (GB 32100-2015, its check
 * character verified), or an older 15- or 20-character tax registration number.
 */
export function isValidTaxpayerNumber(value: string): boolean {
  const code = value.toUpperCase();
  if (/^[0-9A-Z]{15}$|^[0-9A-Z]{20}$/.test(code)) return true;
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  const sum = TAX_CODE_WEIGHTS.reduce((total, weight, index) => total + TAX_CODE_CHARS.indexOf(code[index]!) * weight, 0);
  const check = (31 - (sum % 31)) % 31;
  return TAX_CODE_CHARS[check] === code[17];
}

const EMAIL_RULE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type InvoiceChoices = Pick<
  CheckoutChoices,
  "is_invoice" | "invoice_type" | "invoice_title_type" | "invoice_title" | "taxpayer_number" | "invoice_content" | "invoice_email" | "invoice_full_address"
>;

/** Throws when the shop does not offer what is asked; else the reason the invoice is not complete ("" when it is). */
export function invoiceProblem(choices: InvoiceChoices, config: InvoiceConfig): string {
  if (!choices.is_invoice) return "";
  if (!config.is_enable) fail("本店暂不提供发票");
  if (!choices.invoice_type) return "请选择发票类型";
  if (!offeredInvoiceTypes(config).includes(choices.invoice_type)) fail("不支持该发票类型");
  if (!choices.invoice_title_type) return "请选择发票抬头类型";
  if (!choices.invoice_title) return "请填写发票抬头";
  if (choices.invoice_title_type === INVOICE_TITLE_TYPES.company && !isValidTaxpayerNumber(choices.taxpayer_number)) {
    return choices.taxpayer_number ? "纳税人识别号格式不正确" : "请填写纳税人识别号";
  }
  if (config.contents.length > 0 && !config.contents.includes(choices.invoice_content)) return "请选择发票内容";
  if (choices.invoice_type === INVOICE_TYPES.electronic && !EMAIL_RULE.test(choices.invoice_email)) {
    return choices.invoice_email ? "收票邮箱格式不正确" : "请填写收票邮箱";
  }
  if (choices.invoice_type === INVOICE_TYPES.paper && !choices.invoice_full_address) return "请填写发票邮寄地址";
  return "";
}

/** rate_percent% of the goods money, rounded half up to the cent; 0 without an invoice. */
export function invoiceMoney(choices: Pick<InvoiceChoices, "is_invoice">, config: InvoiceConfig, goodsMoney: Cents): Cents {
  if (!choices.is_invoice || !config.is_enable) return ZERO_CENTS;
  return percentOfCents(goodsMoney, config.rate_percent);
}
