import { Link } from "./Link.tsx";
import { useGlobalData } from "../../lib/global-data.ts";
import { imageUrl } from "../../lib/image.ts";

/**
 * The site logo linking home (site name as text when no logo is set). Its box is fixed (the layouts
 * fit the picture in it, left-aligned), so an uploaded logo of any shape moves nothing when it loads.
 */
export function SiteLogo({ className = "site-logo" }: { className?: string }) {
  const { site } = useGlobalData();
  return (
    <Link to="/" className={className} title={site.site_name}>
      {site.logo ? <img src={imageUrl(site.logo)} alt={site.site_name} width={240} height={64} /> : <span className="site-logo-text">{site.site_name}</span>}
    </Link>
  );
}
