import { useGlobalData } from "../../../lib/global-data.ts";
import { AppLink } from "../AppLink.tsx";

const ICP_URL = "https://beian.miit.gov.cn/";

/** Copyright text, ICP record, public-security record and site email (the phone is in FooterContact). */
export function FooterCopyright() {
  const { copyright, site } = useGlobalData();
  return (
    <div className="footer-copyright">
      <p className="footer-records">
        {copyright.icp && (
          <AppLink to={ICP_URL} newTab>
            {copyright.icp}
          </AppLink>
        )}
        {copyright.gov_record && (
          <AppLink to={copyright.gov_url} newTab className="footer-gov-record">
            {copyright.gov_record}
          </AppLink>
        )}
        {site.web_email && <span>邮箱：{site.web_email}</span>}
      </p>
      {copyright.copyright_desc && (
        <p>
          <AppLink to={copyright.copyright_link}>{copyright.copyright_desc}</AppLink>
        </p>
      )}
    </div>
  );
}
