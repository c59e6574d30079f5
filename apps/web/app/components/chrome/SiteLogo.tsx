import { Link } from "react-router";
import { useGlobalData } from "../../lib/global-data.ts";
import { imageUrl } from "../../lib/image.ts";

/** The site logo linking home (site name as text when no logo is set). */
export function SiteLogo({ className = "site-logo" }: { className?: string }) {
  const { site } = useGlobalData();
  return (
    <Link to="/" className={className} title={site.site_name}>
      {site.logo ? <img src={imageUrl(site.logo)} alt={site.site_name} /> : <span className="site-logo-text">{site.site_name}</span>}
    </Link>
  );
}
