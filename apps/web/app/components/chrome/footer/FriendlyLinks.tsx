import { useGlobalData } from "../../../lib/global-data.ts";
import { AppLink } from "../AppLink.tsx";

/** Partner links (/api/pc/friendlyLink), opened per is_blank. */
export function FriendlyLinks() {
  const { friendlyLinks } = useGlobalData();
  if (friendlyLinks.length === 0) return null;
  return (
    <div className="footer-friends">
      <span className="footer-friends-title">友情链接：</span>
      {friendlyLinks.map((link) => (
        <AppLink key={link.id} to={link.link_url} newTab={link.is_blank === 1} className="footer-friend">
          {link.link_title}
        </AppLink>
      ))}
    </div>
  );
}
