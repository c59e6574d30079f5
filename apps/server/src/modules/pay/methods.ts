import { payTypeName, type PayMethod } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { BizError } from "../../core/errors.ts";
import { BALANCE_METHOD } from "./balance.ts";
import type { PayConfig } from "./config.ts";
import type { PayProvider } from "./providers/provider.ts";
import { SandboxProvider } from "./providers/sandbox.ts";
import { AlipayProvider } from "./providers/alipay.ts";
import { WechatPayProvider } from "./providers/wechatpay.ts";

/** The methods this shop offers, built once per app from its PayConfig. */
export class PayMethods {
  readonly gateways = new Map<string, PayProvider>();

  constructor(readonly config: PayConfig) {
    if (config.sandbox) this.add(new SandboxProvider(config.sandbox.secret));
    if (config.alipay) this.add(new AlipayProvider(config.alipay));
    if (config.wechatpay) this.add(new WechatPayProvider(config.wechatpay));
  }

  private add(provider: PayProvider): void {
    this.gateways.set(provider.name, provider);
  }

  get balanceEnabled(): boolean {
    return this.config.balance;
  }

  /** In the cashier's order: balance first, then the gateways. */
  list(): PayMethod[] {
    const gateways = [...this.gateways.values()].map(({ name, title }) => ({ name, title }));
    return this.balanceEnabled ? [{ ...BALANCE_METHOD }, ...gateways] : gateways;
  }

  /** The gateway of an enabled pay_type, or a clear error. */
  gateway(name: string): PayProvider {
    const provider = this.gateways.get(name);
    if (!provider) throw new BizError("不支持该支付方式", Code.ERROR);
    return provider;
  }

  titleOf(name: string): string {
    if (name === BALANCE_METHOD.name) return BALANCE_METHOD.title;
    return this.gateways.get(name)?.title ?? payTypeName(name);
  }
}
