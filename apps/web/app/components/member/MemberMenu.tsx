import { useLocation } from "react-router";
import { Link } from "../chrome/Link.tsx";
import { MEMBER_MENU, activeMenuPath } from "./member-menu.ts";

/** The member centre's 200 px left menu; the current page's item is highlighted. */
export function MemberMenu() {
  const { pathname } = useLocation();
  const active = activeMenuPath(pathname);
  return (
    <nav className="member-menu" aria-label="会员中心菜单">
      {MEMBER_MENU.map((group) => (
        <div key={group.title} className="member-menu-group">
          <h3 className="member-menu-title">{group.title}</h3>
          <ul>
            {group.items.map((item) => (
              <li key={item.path}>
                <Link
                  to={item.path}
                  className={item.path === active ? "member-menu-item member-menu-item-active" : "member-menu-item"}
                  aria-current={item.path === active ? "page" : undefined}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
