import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppDeps } from "../../core/context.ts";
import { now } from "../../core/time.ts";
import { textBody, withTextBodies } from "./text-body.ts";
import {
  queueSandboxNotify, SANDBOX_GATEWAY_PATH, SANDBOX_NOTIFY_JOB, sandboxTradeNo, signedSandboxNotify, verifySandboxRequest, type SandboxNotifyPayload,
  type SandboxPayRequest,
} from "./providers/sandbox.ts";
import { sandboxMessagePage, sandboxPayPage } from "./sandbox-page.ts";

/**
 * The sandbox gateway's own side (raw routes, outside the JSON API): its cashier page, 确认支付 and
 * 取消支付. It knows nothing of our database, only the signed request, as a real gateway would. On
 * confirm it queues the notify as a durable job (one per trade number: it collects once) that
 * posts to the request's notify_url until our endpoint answers "success". Its refund notifies
 * (queued by SandboxProvider.refund) are delivered by the same job.
 */
export { SANDBOX_NOTIFY_JOB };
const NOTIFY_TIMEOUT_MS = 10_000;

const expired = (request: SandboxPayRequest) => Number(request.time_expire) > 0 && Number(request.time_expire) <= now();

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).type("text/html; charset=utf-8").header("cache-control", "no-store").send(body);
}

/**
 * `secretOf` gives the gateway's signing secret; `enabled` says whether 演示支付 is offered right
 * now (its pages answer 404 otherwise; queued notifies are still delivered).
 */
export function registerSandboxGateway(app: FastifyInstance, deps: AppDeps, secretOf: () => string, enabled: () => boolean): void {
  deps.jobs.register(SANDBOX_NOTIFY_JOB, async (payload) => {
    const { notify_url: url, body } = payload as unknown as SandboxNotifyPayload;
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
      body,
      signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
    });
    const answer = (await response.text()).trim();
    if (answer !== "success") throw new Error(`notify answered HTTP ${response.status}: ${answer.slice(0, 200)}`);
  });

  const notOffered = (reply: FastifyReply) => html(reply, 404, sandboxMessagePage("演示支付未开启", "本店未开启演示支付，请回到商城选择其他支付方式。"));

  app.get(`${SANDBOX_GATEWAY_PATH}/pay`, async (request, reply) => {
    if (!enabled()) return notOffered(reply);
    const payRequest = verifySandboxRequest(new URL(request.url, "http://gateway").searchParams, secretOf());
    if (!payRequest) return html(reply, 400, sandboxMessagePage("请求无效", "支付请求的签名无效或参数不符，请回到商城重新发起支付。"));
    if (expired(payRequest)) return html(reply, 200, sandboxMessagePage("交易已关闭", "该交易已超过支付时限。", payRequest.quit_url));
    // The gateway lives at the shop's origin (the one the notify URL names).
    const pageUrl = new URL(request.url, new URL(payRequest.notify_url).origin).href;
    return html(reply, 200, await sandboxPayPage(payRequest, pageUrl));
  });

  /** The buttons' forms post the request's fields back (urlencoded). */
  const formRequest = (body: unknown) => verifySandboxRequest(new URLSearchParams(textBody(body)), secretOf());

  withTextBodies(app, (scope) => {
    scope.post(`${SANDBOX_GATEWAY_PATH}/confirm`, async (request, reply) => {
      if (!enabled()) return notOffered(reply);
      const secret = secretOf();
      const payRequest = formRequest(request.body);
      if (!payRequest) return html(reply, 400, sandboxMessagePage("请求无效", "支付请求的签名无效或参数不符。"));
      if (expired(payRequest)) return html(reply, 200, sandboxMessagePage("交易已关闭", "该交易已超过支付时限，未扣款。", payRequest.quit_url));
      const notify = signedSandboxNotify(
        { outTradeNo: payRequest.out_trade_no, tradeNo: sandboxTradeNo(payRequest.out_trade_no, secret), totalAmount: payRequest.total_amount, tradeStatus: "TRADE_SUCCESS" },
        secret,
      );
      await queueSandboxNotify(deps.db, { notify_url: payRequest.notify_url, body: new URLSearchParams(notify).toString() }, payRequest.out_trade_no);
      // Deliver now rather than at the next sweep; the job row stays the record (tests sweep by hand).
      if (deps.config.jobIntervalMs > 0) void deps.jobs.runDue().catch((error: unknown) => request.log.error({ err: error }, "job sweep failed"));
      return reply.status(303).header("location", payRequest.return_url).send();
    });

    scope.post(`${SANDBOX_GATEWAY_PATH}/cancel`, async (request, reply) => {
      if (!enabled()) return notOffered(reply);
      const payRequest = formRequest(request.body);
      if (!payRequest) return html(reply, 400, sandboxMessagePage("请求无效", "支付请求的签名无效或参数不符。"));
      return reply.status(303).header("location", payRequest.quit_url).send();
    });
  });
}
