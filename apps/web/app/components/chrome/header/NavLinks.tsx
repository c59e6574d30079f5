import { useLocation } from "react-router";
import { useGlobalData } from "../../../lib/global-data.ts";
import { isExternalUrl, parseJsonUrl, toRouterPath } from "../../../lib/links.ts";
import { AppLink } from "../AppLink.tsx";

/** Navigation items from /api/pc/navList; the one for the current page is highlighted. */
export function NavLinks() {
  const { nav } = useGlobalData();
  const location = useLocation();
  const current = location.pathname + location.search;
  const isActive = (navUrl: string) => {
    const url = parseJsonUrl(navUrl);
    if (!url || isExternalUrl(url)) return false;
    const path = toRouterPath(url);
    return path === "/" ? location.pathname === "/" || location.pathname === "/index" : current === path;
  };
  return (
    <ul className="nav-links">
      {nav.map((item) => (
        <li key={item.id}>
          <AppLink
            to={item.nav_url}
            newTab={item.is_blank === 1}
            className={isActive(item.nav_url) ? "nav-link nav-link-active" : "nav-link"}
          >
            {item.nav_title}
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
