import type { SiteInfo, WapQrcode } from "@shop/contract";
import type { RequestContext } from "../../core/context.ts";
import { publicOrigin } from "../../core/origin.ts";
import { qrcodePicture } from "./qrcode-files.ts";
import { getSiteInfo, readSetting } from "./service.ts";

type QrcodeContext = Pick<RequestContext, "db" | "config" | "request">;

/**
 * The mobile site's address and QR code. A saved address (wap_qrcode.url, a separate mobile site)
 * wins; else it is the shop's own /web/ at its public origin, told at answer time, so the code
 * follows PORT and PUBLIC_ORIGIN. A saved picture wins; else the code is drawn once and kept on disk.
 * Both "" when the origin cannot be told (a malformed Host and no PUBLIC_ORIGIN).
 */
export async function mobileSiteQrcode(ctx: QrcodeContext): Promise<{ img: string; url: string }> {
  const saved = await readSetting(ctx.db, "wap_qrcode");
  const origin = publicOrigin(ctx.request, ctx.config);
  const url = saved.url || (origin ? `${origin}/web/` : "");
  if (!url) return { img: "", url: "" };
  return { img: saved.img || (await qrcodePicture(ctx.config.dataDir, "h5", url)), url };
}

/** /api/site/wapqrcode */
export async function wapQrcode(ctx: QrcodeContext): Promise<WapQrcode> {
  return { path: { h5: await mobileSiteQrcode(ctx) } };
}

/** /api/site/info: the saved site info; web_qrcode, when none is saved, is the mobile site's code. */
export async function siteInfoAnswer(ctx: QrcodeContext): Promise<SiteInfo> {
  const info = await getSiteInfo(ctx.db);
  return info.web_qrcode ? info : { ...info, web_qrcode: (await mobileSiteQrcode(ctx)).img };
}
