import { requireMember } from "../../lib/auth.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { CartPage } from "../../components/cart/CartPage.tsx";
import type { Route } from "./+types/cart";
import cartCss from "../../styles/cart.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: cartCss }];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "我的购物车"), { name: "robots", content: "noindex" }];

/** Guarded (SPEC §2): a guest goes to /auth/login?redirect=/goods/cart. */
export async function loader(args: Route.LoaderArgs) {
  await loadOrClose(args.request, requireMember(args));
  const lines = await loadOrClose(args.request, args.context.api.call("/api/cart/goodslists"));
  return { lines };
}

export default function CartRoute({ loaderData }: Route.ComponentProps) {
  return <CartPage initialLines={loaderData.lines} />;
}
