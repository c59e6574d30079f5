import { subscribeSalesCounts } from "./trade.ts";
import type { FastifyInstance } from "fastify";
import { Code } from "@shop/contract/codes";
import type { Api } from "../../core/api.ts";
import type { MemberContext } from "../../core/context.ts";
import { BizError } from "../../core/errors.ts";
import { publicOrigin } from "../../core/origin.ts";
import type { Actor } from "../order/state-machine.ts";
import { payInfo, payStatus, startPayment, tradeForMemberOrders } from "./cashier.ts";
import { payMethodsOf } from "./shop-methods.ts";
import { handleNotify } from "./notify.ts";
import type { PaymentUrls } from "./providers/provider.ts";
import { latePayments, registerRefundJob, requestRefund } from "./refund.ts";
import { registerSandboxGateway } from "./sandbox-gateway.ts";
import { textBody, withTextBodies } from "./text-body.ts";

/** The storefront's pages live under /web (the router's basename). */
const WEB_BASE = "/web";

/**
 * Notifies per minute from one IP: a gateway sends one per payment (and its retries minutes apart),
 * so normal volume stays far below; a flood of forged posts is cut off (HTTP 429; a real gateway
 * retries later). Behind a reverse proxy set TRUST_PROXY, or every sender shares the proxy's IP.
 */
export const NOTIFY_RATE_LIMIT = { max: 300, timeWindow: "1 minute" } as const;

/**
 * Payment: the cashier's JSON calls (members), the late-payment refunds (staff), and the raw routes
 * gateways talk to — notifies at POST /pay/notify/{sandbox|alipay|wechatpay} and the sandbox
 * gateway's pages. Raw routes are outside the JSON API and its closed-shop guard: a payment made
 * before the shop closed must still be recorded.
 */
export function registerPayRoutes(api: Api, app: FastifyInstance): void {
  subscribeSalesCounts();
  const { db } = api.deps;
  const shared = payMethodsOf(api.deps);
  // The console's settings as of now (cached; a save purges them on every process).
  const methods = () => shared.refresh();

  api.member("/api/pay/info", async (body, ctx) => payInfo(db, await methods(), ctx.memberId, body.out_trade_no));
  api.member("/api/pay/type", async () => {
    const list = (await methods()).list();
    return { pay_type: list.map((method) => method.name).join(","), list };
  });
  api.member("/api/pay/status", (body, ctx) => payStatus(db, ctx.memberId, body.out_trade_no));
  api.member("/api/order/pay", (body, ctx) => tradeForMemberOrders(db, ctx.memberId, body.order_ids));
  api.member(
    "/api/pay/pay",
    async (body, ctx) =>
      startPayment(db, await methods(), ctx.memberId, {
        outTradeNo: body.out_trade_no,
        payType: body.pay_type,
        payPassword: body.pay_password,
        actor: await memberActor(ctx),
        urlsFor: (outTradeNo, provider) => paymentUrls(ctx, provider, outTradeNo, body.return_url),
        log: ctx.request.log,
        dataDir: api.deps.config.dataDir,
      }),
    // Guessing a pay password must be slow.
    { rateLimit: { max: 60, timeWindow: "1 minute" } },
  );

  api.staff("/shopapi/pay/refunds", "order.close", async (body) => latePayments(db, await methods(), body));
  api.staff("/shopapi/pay/refund", "order.close", (body, ctx) => requestRefund(ctx, body.out_trade_no));
  registerRefundJob(api.deps.jobs, db, shared);

  withTextBodies(app, (scope) => {
    scope.post<{ Params: { provider: string } }>("/pay/notify/:provider", { config: { rateLimit: NOTIFY_RATE_LIMIT } }, async (request, reply) => {
      const provider = (await methods()).gateways.get(request.params.provider);
      if (!provider) return reply.status(404).type("text/plain; charset=utf-8").send("fail");
      const answer = await handleNotify(db, provider, { rawBody: textBody(request.body), headers: request.headers }, request.log);
      return reply.status(answer.status).type(answer.contentType).send(answer.body);
    });
  });
  // Its pages answer only while 演示支付 is offered (the console may turn it on or off).
  registerSandboxGateway(app, api.deps, shared.config.demoSecret, () => shared.gateways.has("sandbox"));
}

async function memberActor(ctx: MemberContext): Promise<Actor> {
  const member = await ctx.db.selectFrom("member").select(["username", "nickname"]).where("member_id", "=", ctx.memberId).executeTakeFirst();
  return { type: "member", id: ctx.memberId, name: member?.nickname || member?.username || `会员${ctx.memberId}` };
}

/**
 * Our notify route for the gateway, and the shopper's way back: the page the client asked for when
 * it is one of ours — its path only: a query the shopper wrote is dropped, `code` is set to the
 * trade actually sent — else /pay/result; leaving the gateway returns to the cashier.
 */
function paymentUrls(ctx: MemberContext, provider: string, outTradeNo: string, askedReturnUrl: string | undefined): PaymentUrls {
  const shopOrigin = publicOrigin(ctx.request, ctx.config);
  if (!shopOrigin) throw new BizError("无法确定商城地址，请稍后再试", Code.ERROR);
  // Normalised ("http://host:80" → "http://host") so URLs built on it compare equal.
  const origin = new URL(shopOrigin).origin;
  const returnUrl = new URL(shopPagePath(askedReturnUrl, origin) ?? `${WEB_BASE}/pay/result`, origin);
  returnUrl.searchParams.set("code", outTradeNo);
  const quitUrl = new URL(`${WEB_BASE}/pay`, origin);
  quitUrl.searchParams.set("code", outTradeNo);
  return {
    origin,
    notifyUrl: `${origin}/pay/notify/${provider}`,
    returnUrl: returnUrl.href,
    quitUrl: quitUrl.href,
    clientIp: ctx.ip,
  };
}

/** The path of a storefront page of this shop (a path, or a URL of our origin), without query or hash; else null. */
function shopPagePath(asked: string | undefined, origin: string): string | null {
  if (!asked) return null;
  try {
    const url = new URL(asked, origin);
    return url.origin === origin && url.pathname.startsWith(`${WEB_BASE}/`) ? url.pathname : null;
  } catch {
    return null;
  }
}
