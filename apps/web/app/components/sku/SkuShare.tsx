import { useEffect, useState } from "react";
import { App } from "antd";
import { LinkOutlined, MobileOutlined } from "@ant-design/icons";
import { browserApi } from "../../lib/api.ts";

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

/** 手机购买 (the page's QR code, drawn by the server, on hover) and 复制链接 (SPEC §8: 复制成功). */
export function SkuShare({ skuId, url }: { skuId: number; url: string }) {
  const [qrcode, setQrcode] = useState("");
  const { message } = App.useApp();

  useEffect(() => {
    let current = true;
    browserApi
      .call("/api/goodssku/goodsqrcode", { sku_id: skuId })
      .then((result) => current && setQrcode(result.path.h5.img))
      .catch(() => current && setQrcode(""));
    return () => {
      current = false;
    };
  }, [skuId]);

  const copyLink = () =>
    copyText(url).then(
      () => message.success("复制成功"),
      () => message.error("复制失败，请手动复制地址栏中的链接"),
    );

  return (
    <>
      <div className="sku-tool sku-qrcode" tabIndex={0}>
        <MobileOutlined />
        手机购买
        <div className="sku-qrcode__popup" role="tooltip">
          {qrcode ? <img src={qrcode} alt="商品页二维码" width={140} height={140} /> : <span className="sku-qrcode__loading">二维码加载中…</span>}
          <p>手机扫码，随时购买</p>
        </div>
      </div>
      <button type="button" className="sku-tool" onClick={copyLink}>
        <LinkOutlined />
        复制链接
      </button>
    </>
  );
}
