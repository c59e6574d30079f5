import type { ReactNode } from "react";
import { ShopHeader } from "./header/ShopHeader.tsx";
import { SideBar } from "./sidebar/SideBar.tsx";
import { ShopFooter } from "./footer/ShopFooter.tsx";
import { CartProvider } from "./cart/cart-context.tsx";
import { TopAdProvider } from "./category-nav-expansion.tsx";
import { ChromeErrorToast } from "./ChromeErrorToast.tsx";
import { PageTop } from "./page-top.tsx";

/**
 * The default layout's frame (SPEC §2): header (top bar, middle header, category nav), main area,
 * side bar, footer. The member layout puts its left menu inside `children`.
 * `main` spans the full width; wrap page content in `.shop-container` for the centred
 * 1210 px column (styles/app.css).
 */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <TopAdProvider>
      <CartProvider>
        <div className="page-shell">
          <PageTop />
          <ShopHeader />
          <main className="page-main">{children}</main>
          <ShopFooter />
          <SideBar />
        </div>
        <ChromeErrorToast />
      </CartProvider>
    </TopAdProvider>
  );
}
