import type { ShouldRevalidateFunction } from "react-router";
import { Code, type BodyOf } from "@shop/contract";
import { requireMember } from "../../lib/auth.ts";
import { toRouterPath } from "../../lib/links.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose, redirectIfClosed } from "../../lib/site-closed.ts";
import { addressCss } from "../../components/address/address-css.ts";
import { CheckoutPage } from "../../components/checkout/CheckoutPage.tsx";
import { CheckoutUnavailable } from "../../components/checkout/CheckoutUnavailable.tsx";
import { calculateBody, initialChoices } from "../../components/checkout/checkout-choices.ts";
import { CHECKOUT_KINDS, checkoutKindOf, checkoutPaths, paymentRequestOf } from "../../components/checkout/checkout-kind.ts";
import checkoutCss from "../../styles/checkout.css?url";
import type { Route } from "./+types/payment";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: addressCss },
  { rel: "stylesheet", href: checkoutCss },
];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, CHECKOUT_KINDS[loaderData?.kind ?? "order"].title),
  { name: "robots", content: "noindex" },
];

/**
 * One checkout page for every kind of order (components/checkout/checkout-kind.ts), picked by the path:
 * /order/payment?sku_id=&num= (buy now) or ?cart_ids=1,2 (from the cart) through /api/ordercreate/*;
 * /promotion/seckill|groupbuy|combo/payment?… (components/promotion/order-create-data.ts) through the
 * promotion's /…/api/ordercreate/*. Guarded. The preview (which keeps the checkout under a new
 * order_key), the member's addresses and the amounts of the initial choices are loaded on the server,
 * so the page shows its totals at once.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  await loadOrClose(request, requireMember(args));
  const url = new URL(request.url);
  const kind = checkoutKindOf(toRouterPath(url.pathname));
  const paths = checkoutPaths(kind);
  const source = paymentRequestOf(kind, url.searchParams);
  if (!source) return { kind: kind.name, unavailable: "没有要结算的商品，请从购物车或商品页重新下单" } as const;
  // Each prefix's payment takes its own body (the contract checks it on the server).
  const payment = await context.api.raw(paths.payment, source as BodyOf<"/api/ordercreate/payment">);
  redirectIfClosed(payment, request);
  if (payment.code !== Code.SUCCESS || !payment.data) return { kind: kind.name, unavailable: payment.message } as const;
  const preview = payment.data;
  const [addressPage, calculation] = await Promise.all([
    context.api.raw("/api/memberaddress/page", { page_size: 0 }),
    context.api.raw(paths.calculate, calculateBody(preview.order_key, initialChoices(preview), preview.is_virtual === 1)),
  ]);
  return {
    kind: kind.name,
    preview,
    addresses: addressPage.data?.list ?? [],
    calculation: calculation.code === Code.SUCCESS ? calculation.data : null,
    calculationError: calculation.code === Code.SUCCESS ? "" : calculation.message,
  };
}

/** A revalidation would open a new checkout: only a change of the query (another purchase) loads again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search;

export default function OrderPayment({ loaderData }: Route.ComponentProps) {
  const kind = CHECKOUT_KINDS[loaderData.kind];
  if ("unavailable" in loaderData) return <CheckoutUnavailable kind={kind} reason={loaderData.unavailable ?? ""} />;
  return (
    <CheckoutPage
      // Another checkout (another kind or purchase) starts afresh.
      key={loaderData.preview.order_key}
      kind={kind}
      preview={loaderData.preview}
      addresses={loaderData.addresses}
      calculation={loaderData.calculation}
      calculationError={loaderData.calculationError ?? ""}
    />
  );
}
