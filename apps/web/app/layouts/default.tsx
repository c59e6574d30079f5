import { Outlet } from "react-router";
import { PageShell } from "../components/chrome/PageShell.tsx";

/** SPEC §2 default layout: header, main area, side bar, footer. */
export default function DefaultLayout() {
  return (
    <PageShell>
      <Outlet />
    </PageShell>
  );
}
