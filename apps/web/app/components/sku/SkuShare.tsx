import { useRef, useState } from "react";
import { browserApi } from "../../lib/api.ts";
import { imageUrl } from "../../lib/image.ts";
import { LinkIcon, MobileIcon } from "../ui/icons.tsx";
import { toast } from "../ui/toast.ts";

/** Copies with a hidden textarea: works where the Clipboard API is missing or refused (plain http). */
function copyWithTextarea(text: string): void {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("copy refused");
}

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    copyWithTextarea(text);
  }
}

/**
 * 手机购买 (the page's QR code, drawn by the server, shown on hover or focus and asked for only
 * then) and 复制链接 (SPEC §8: 复制成功).
 */
export function SkuShare({ skuId, url }: { skuId: number; url: string }) {
  const [qrcode, setQrcode] = useState({ skuId: 0, img: "" });
  const asked = useRef(0);

  const loadQrcode = () => {
    if (asked.current === skuId) return;
    asked.current = skuId;
    browserApi
      .call("/api/goodssku/goodsqrcode", { sku_id: skuId })
      .then((result) => setQrcode({ skuId, img: result.path.h5.img }))
      .catch(() => {
        asked.current = 0;
      });
  };
  // A picture path (upload/qrcode/…), relative like every picture of the API.
  const shown = qrcode.skuId === skuId ? imageUrl(qrcode.img) : "";

  const copyLink = () =>
    copyText(url).then(
      () => toast.success("复制成功"),
      () => toast.error("复制失败，请手动复制地址栏中的链接"),
    );

  return (
    <>
      <div className="sku-tool sku-qrcode" tabIndex={0} onMouseEnter={loadQrcode} onFocus={loadQrcode}>
        <MobileIcon />
        手机购买
        <div className="sku-qrcode__popup" role="tooltip">
          {shown ? <img src={shown} alt="商品页二维码" width={140} height={140} /> : <span className="sku-qrcode__loading">二维码加载中…</span>}
          <p>手机扫码，随时购买</p>
        </div>
      </div>
      <button type="button" className="sku-tool" onClick={copyLink}>
        <LinkIcon />
        复制链接
      </button>
    </>
  );
}
