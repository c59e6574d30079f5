import { Outlet } from "react-router";
import { AntdScope, antdStylesheets } from "../lib/antd-scope.tsx";

export const links = () => antdStylesheets;

/**
 * A pathless layout inside the default one for its routes that use antd (cart, checkout, cashier,
 * logistics: routes.ts): antd's CSS and context come with them, not with every page.
 */
export default function AntdLayout() {
  return (
    <AntdScope>
      <Outlet />
    </AntdScope>
  );
}
