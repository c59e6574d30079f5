import QRCode from "qrcode";
import { escapeHtml } from "../../seed/html.ts";
import { chinaTime } from "./providers/provider.ts";
import { SANDBOX_GATEWAY_PATH, type SandboxPayRequest } from "./providers/sandbox.ts";

/**
 * The sandbox gateway's pages: plain server HTML with inline styles only (the CSP allows no inline
 * script), buttons as forms posting back to the gateway.
 */
const STYLE = `
  body { margin: 0; background: #f2f4f7; font: 14px/1.6 -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; color: #333; }
  .bar { background: #1f2d3d; color: #fff; padding: 14px 0; }
  .bar div, main { width: 560px; margin: 0 auto; }
  .bar b { font-size: 18px; } .bar span { margin-left: 12px; color: #9fb3c8; font-size: 13px; }
  main { background: #fff; margin-top: 32px; padding: 32px 40px; border-radius: 8px; box-shadow: 0 2px 12px rgba(0,0,0,.06); }
  .note { background: #fff7e6; border: 1px solid #ffd591; color: #ad6800; padding: 8px 12px; border-radius: 4px; font-size: 13px; }
  dl { display: grid; grid-template-columns: 96px 1fr; gap: 8px 12px; margin: 20px 0; } dt { color: #888; } dd { margin: 0; word-break: break-all; }
  .amount { color: #e4393c; font-size: 28px; font-weight: 600; }
  .qr { text-align: center; margin: 12px 0 20px; } .qr svg { width: 180px; height: 180px; border: 1px solid #eee; }
  .qr p { color: #888; margin: 4px 0 0; font-size: 13px; }
  .actions { display: flex; gap: 16px; justify-content: center; } form { margin: 0; }
  button { min-width: 140px; height: 40px; border-radius: 4px; font-size: 15px; cursor: pointer; border: 1px solid #d9d9d9; background: #fff; color: #333; }
  button.primary { background: #1677ff; border-color: #1677ff; color: #fff; }
  h1 { font-size: 20px; margin: 0 0 12px; } a { color: #1677ff; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><div class="bar"><div><b>演示支付</b><span>商城内置的演示支付，不产生真实扣款</span></div></div><main>${body}</main></body></html>`;
}

/** The request's fields, carried unchanged (and still signed) by the buttons' forms. */
function hiddenFields(request: SandboxPayRequest): string {
  return Object.entries(request)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(String(value))}">`)
    .join("");
}

/** The cashier of the gateway: amount, QR code of this page (a phone would open it), 确认支付 / 取消支付. */
export async function sandboxPayPage(request: SandboxPayRequest, pageUrl: string): Promise<string> {
  const qr = await QRCode.toString(pageUrl, { type: "svg", margin: 1 });
  const fields = hiddenFields(request);
  const expire = Number(request.time_expire);
  return layout(
    "演示支付 - 收银台",
    `<p class="note">这是商城内置的演示支付：确认支付不会产生真实扣款，网关会像真实网关一样向商城发送签名的异步支付通知。</p>
<dl>
  <dt>商品</dt><dd>${escapeHtml(request.subject)}</dd>
  <dt>交易号</dt><dd>${escapeHtml(request.out_trade_no)}</dd>
  ${expire > 0 ? `<dt>支付时限</dt><dd>${escapeHtml(chinaTime(expire))} 前</dd>` : ""}
  <dt>应付金额</dt><dd class="amount">¥${escapeHtml(request.total_amount)}</dd>
</dl>
<div class="qr" aria-label="支付二维码">${qr}<p>手机扫码打开本页面支付</p></div>
<div class="actions">
  <form method="post" action="${SANDBOX_GATEWAY_PATH}/confirm">${fields}<button type="submit" class="primary">确认支付</button></form>
  <form method="post" action="${SANDBOX_GATEWAY_PATH}/cancel">${fields}<button type="submit">取消支付</button></form>
</div>`,
  );
}

/** A refusal (bad signature, expired trade): what happened and the way back when we know it. */
export function sandboxMessagePage(title: string, message: string, backUrl?: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${backUrl ? `<p><a href="${escapeHtml(backUrl)}">返回商城</a></p>` : ""}`);
}
