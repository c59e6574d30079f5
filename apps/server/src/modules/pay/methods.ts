import { payTypeName, type PayMethod } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { BizError } from "../../core/errors.ts";
import { BALANCE_METHOD } from "./balance.ts";
import type { PayConfig } from "./config.ts";
import type { PayProvider } from "./providers/provider.ts";
import { SandboxProvider } from "./providers/sandbox.ts";
import { AlipayProvider } from "./providers/alipay.ts";
import { WechatPayProvider } from "./providers/wechatpay.ts";

/**
 * The methods this shop offers. Built from a PayConfig; with a `source` (the console's settings:
 * key-settings.ts) refresh() rebuilds them when the settings changed — the cashier calls it before
 * each use, and a purge of the settings' cache tag calls it on every process.
 */
export class PayMethods {
  private current: { config: PayConfig; gateways: Map<string, PayProvider>; fingerprint: string };

  constructor(
    config: PayConfig,
    private readonly source?: () => Promise<PayConfig>,
  ) {
    this.current = { config, gateways: buildGateways(config), fingerprint: fingerprintOf(config) };
  }

  get config(): PayConfig {
    return this.current.config;
  }

  get gateways(): ReadonlyMap<string, PayProvider> {
    return this.current.gateways;
  }

  /** Reads the settings again; gateways are rebuilt only when something changed. */
  async refresh(): Promise<this> {
    if (!this.source) return this;
    const config = await this.source();
    const fingerprint = fingerprintOf(config);
    if (fingerprint !== this.current.fingerprint) this.current = { config, gateways: buildGateways(config), fingerprint };
    return this;
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

function buildGateways(config: PayConfig): Map<string, PayProvider> {
  const providers: PayProvider[] = [];
  if (config.sandbox) providers.push(new SandboxProvider(config.sandbox.secret));
  if (config.alipay) providers.push(new AlipayProvider(config.alipay));
  if (config.wechatpay) providers.push(new WechatPayProvider(config.wechatpay));
  return new Map(providers.map((provider) => [provider.name, provider]));
}

/** What decides the gateways (secrets included: a changed key must rebuild its gateway). */
const fingerprintOf = (config: PayConfig) => JSON.stringify([config.balance, config.sandbox, config.alipay, config.wechatpay]);
