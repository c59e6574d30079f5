import { useGlobalData } from "../../../lib/global-data.ts";
import { imageUrl } from "../../../lib/image.ts";
import { QrcodeIcon } from "../../ui/icons.tsx";

/** Mobile-site QR code (/api/site/wapqrcode path.h5.img), shown on hover. */
export function MobileQrcode() {
  const { wapQrcode } = useGlobalData();
  if (!wapQrcode) return null;
  return (
    <div className="sidebar-item sidebar-qrcode-item" tabIndex={0} role="group" aria-label="手机购物二维码">
      <span className="sidebar-icon">
        <QrcodeIcon />
      </span>
      <div className="sidebar-qrcode">
        <img src={imageUrl(wapQrcode)} alt="手机扫码购物" width={128} height={128} loading="lazy" />
        <p>手机扫码，随时随地购物</p>
      </div>
    </div>
  );
}
