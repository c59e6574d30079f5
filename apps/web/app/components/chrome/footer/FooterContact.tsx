import { useGlobalData } from "../../../lib/global-data.ts";
import { imageUrl } from "../../../lib/image.ts";

/** SPEC §9: the service hours are fixed text. */
const SERVICE_HOURS = "周一至周日 9:00-18:00";

/** Service hotline with its hours, and the mini-program QR code. */
export function FooterContact() {
  const { site, weappQrcode } = useGlobalData();
  return (
    <div className="footer-contact">
      <div className="footer-contact-text">
        <p className="footer-contact-title">客服热线</p>
        {site.web_phone && <p className="footer-phone">{site.web_phone}</p>}
        <p className="footer-hours">{SERVICE_HOURS}</p>
      </div>
      {weappQrcode && (
        <figure className="footer-qrcode">
          <img src={imageUrl(weappQrcode)} alt="微信小程序码" width={96} height={96} loading="lazy" />
          <figcaption>微信小程序</figcaption>
        </figure>
      )}
    </div>
  );
}
