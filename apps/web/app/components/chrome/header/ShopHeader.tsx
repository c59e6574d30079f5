import { TopBar } from "./TopBar.tsx";
import { MiddleHeader } from "./MiddleHeader.tsx";
import { NavRow } from "./NavRow.tsx";

/** SPEC §2 header: top bar, middle header (logo, search, mini-cart), category navigation row. */
export function ShopHeader() {
  return (
    <header className="shop-header">
      <TopBar />
      <MiddleHeader />
      <NavRow />
    </header>
  );
}
