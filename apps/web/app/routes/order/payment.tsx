import type { ShouldRevalidateFunction } from "react-router";
import { Code } from "@shop/contract";
import { requireMember } from "../../lib/auth.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose, redirectIfClosed } from "../../lib/site-closed.ts";
import { addressCss } from "../../components/address/address-css.ts";
import { CheckoutPage } from "../../components/checkout/CheckoutPage.tsx";
import { CheckoutUnavailable } from "../../components/checkout/CheckoutUnavailable.tsx";
import { calculateBody, checkoutSourceOf, initialChoices } from "../../components/checkout/checkout-choices.ts";
import checkoutCss from "../../styles/checkout.css?url";
import type { Route } from "./+types/payment";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: addressCss },
  { rel: "stylesheet", href: checkoutCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "确认订单"), { name: "robots", content: "noindex" }];

/**
 * /order/payment?sku_id=&num= (buy now) or ?cart_ids=1,2 (from the cart). Guarded. The preview
 * (which keeps the checkout under a new order_key), the member's addresses and the amounts of the
 * initial choices are loaded on the server, so the page shows its totals at once.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  await loadOrClose(request, requireMember(args));
  const source = checkoutSourceOf(new URL(request.url).searchParams);
  if (!source) return { unavailable: "没有要结算的商品，请从购物车或商品页重新下单" } as const;
  const payment = await context.api.raw("/api/ordercreate/payment", source);
  redirectIfClosed(payment, request);
  if (payment.code !== Code.SUCCESS || !payment.data) return { unavailable: payment.message } as const;
  const preview = payment.data;
  const [addressPage, calculation] = await Promise.all([
    context.api.raw("/api/memberaddress/page", { page_size: 0 }),
    context.api.raw("/api/ordercreate/calculate", calculateBody(preview.order_key, initialChoices(preview), preview.is_virtual === 1)),
  ]);
  return {
    preview,
    addresses: addressPage.data?.list ?? [],
    calculation: calculation.code === Code.SUCCESS ? calculation.data : null,
    calculationError: calculation.code === Code.SUCCESS ? "" : calculation.message,
  };
}

/** A revalidation would open a new checkout: only a change of the query (another purchase) loads again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => currentUrl.search !== nextUrl.search;

export default function OrderPayment({ loaderData }: Route.ComponentProps) {
  if ("unavailable" in loaderData) return <CheckoutUnavailable reason={loaderData.unavailable ?? ""} />;
  return <CheckoutPage preview={loaderData.preview} addresses={loaderData.addresses} calculation={loaderData.calculation} calculationError={loaderData.calculationError ?? ""} />;
}
