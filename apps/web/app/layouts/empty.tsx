import { Outlet } from "react-router";

/** SPEC §2 empty layout: content only (e.g. /close, payment result pages). */
export default function EmptyLayout() {
  return <Outlet />;
}
