import { FooterServices } from "./FooterServices.tsx";
import { FooterHelp } from "./FooterHelp.tsx";
import { FooterContact } from "./FooterContact.tsx";
import { FriendlyLinks } from "./FriendlyLinks.tsx";
import { FooterCopyright } from "./FooterCopyright.tsx";

/** SPEC §2 footer: service promises, help columns with contact and QR code, partner links, copyright. */
export function ShopFooter() {
  return (
    <footer className="footer">
      <div className="footer-top">
        <div className="shop-container">
          <FooterServices />
        </div>
      </div>
      <div className="footer-middle">
        <div className="shop-container footer-middle-inner">
          <FooterHelp />
          <FooterContact />
        </div>
      </div>
      <div className="footer-bottom">
        <div className="shop-container">
          <FriendlyLinks />
          <FooterCopyright />
        </div>
      </div>
    </footer>
  );
}
