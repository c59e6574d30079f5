import { useLocation } from "react-router";
import { SiteLogo } from "../SiteLogo.tsx";
import { MiniCart } from "../cart/MiniCart.tsx";
import { useCart } from "../cart/cart-context.tsx";
import { SearchBox } from "./SearchBox.tsx";

/** SPEC §2 middle header: logo, search bar with hot words, mini-cart. */
export function MiddleHeader() {
  const location = useLocation();
  const cart = useCart();
  return (
    <div className="header-middle">
      <div className="shop-container header-middle-inner">
        <SiteLogo className="header-logo" />
        {/* re-mounted per URL: the goods/shop switch and the keyword follow the current page */}
        <SearchBox key={location.pathname + location.search} />
        <MiniCart items={cart.items} count={cart.count} total={cart.total} onDelete={cart.remove} />
      </div>
    </div>
  );
}
