import { Link } from "../Link.tsx";
import { useGlobalData } from "../../../lib/global-data.ts";
import { useLogout } from "./useLogout.ts";

/** The top bar's login state: 请登录/免费注册 for a guest; name, 会员中心, 退出登录 for a member. */
export function TopBarAccount() {
  const { member } = useGlobalData();
  const logout = useLogout();
  if (!member) {
    return (
      <li>
        <Link to="/auth/login" className="topbar-link topbar-login">
          您好，请登录
        </Link>
        <Link to="/auth/register" className="topbar-link topbar-register">
          免费注册
        </Link>
      </li>
    );
  }
  return (
    <>
      <li>
        <Link to="/member" className="topbar-link topbar-member-name" title={member.nickname || member.username}>
          {member.nickname || member.username}
        </Link>
      </li>
      <li>
        <Link to="/member" className="topbar-link">
          会员中心
        </Link>
      </li>
      <li>
        <button type="button" className="topbar-link topbar-button" onClick={() => void logout()}>
          退出登录
        </button>
      </li>
    </>
  );
}
