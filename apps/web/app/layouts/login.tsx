import { Outlet } from "react-router";
import { SiteLogo } from "../components/chrome/SiteLogo.tsx";
import { useGlobalData } from "../lib/global-data.ts";
import { AntdScope, antdStylesheets } from "../lib/antd-scope.tsx";
import "../styles/chrome/login-layout.css";

/** Login, register and password recovery use antd forms: its CSS comes with this layout. */
export const links = () => antdStylesheets;

/** SPEC §2 login layout: the logo linking to / and the page content (with the copyright line below). */
export default function LoginLayout() {
  const { copyright } = useGlobalData();
  return (
    <AntdScope>
      <div className="login-layout">
        <header className="login-layout-header">
          <div className="shop-container">
            <SiteLogo className="login-layout-logo" />
          </div>
        </header>
        <main className="login-layout-main">
          <Outlet />
        </main>
        {copyright.copyright_desc && <footer className="login-layout-footer">{copyright.copyright_desc}</footer>}
      </div>
    </AntdScope>
  );
}
