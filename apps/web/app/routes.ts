import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/**
 * Guarded areas (a guest is sent to login) whose pages may come with later work. Every SPEC page is
 * built (the promotions last, issue 11), so these answer 404 to a member until features.ts names a
 * row again. (The public catch-all went with the last public row: a splat under /promotion would be
 * named in every promotion page's route manifest.)
 */
const GUARDED_COMING_SOON = [
  "order/*", "pay/*",
];
/** "order/*" → "coming-soon-order": one route file serves many paths. */
const comingSoonId = (path: string) => `coming-soon-${path.replace(/[^a-z]+/g, "-").replace(/-$/, "")}`;

/** SPEC §2 routes, grouped by the layout that wraps them (default, login, member, empty). */
export default [
  layout("layouts/default.tsx", [
    index("routes/home.tsx"),
    route("index", "routes/home.tsx", { id: "routes/index-alias" }),
    ...prefix("goods", [
      route("list", "routes/goods/list.tsx"),
      route("category", "routes/goods/category.tsx"),
      route("brand", "routes/goods/brand.tsx"),
      route("coupon", "routes/goods/coupon.tsx"),
    ]),
    route("sku/:id", "routes/sku.tsx"),
    // Buying (issue 6): cart, checkout, cashier and results, logistics. Guarded in their loaders.
    // They use antd: its CSS and context come with them (layouts/antd.tsx), not with public pages.
    layout("layouts/antd.tsx", [
      route("goods/cart", "routes/goods/cart.tsx"),
      route("order/payment", "routes/order/payment.tsx"),
      // The promotions' checkouts (issue 11): the same page, its kind picked by the path (components/checkout/checkout-kind.ts).
      route("promotion/seckill/payment", "routes/order/payment.tsx", { id: "promotion-seckill-payment" }),
      route("promotion/groupbuy/payment", "routes/order/payment.tsx", { id: "promotion-groupbuy-payment" }),
      route("promotion/combo/payment", "routes/order/payment.tsx", { id: "promotion-combo-payment" }),
      route("order/logistics", "routes/order/logistics.tsx"),
      route("pay", "routes/pay/index.tsx"),
      route("pay/payAll", "routes/pay/pay-all.tsx"),
      route("pay/result", "routes/pay/result.tsx"),
      route("pay/resultall", "routes/pay/result-all.tsx"),
      // After-sales (issue 9): refunds and returns, complaints, evaluations, verification.
      route("order/refund", "routes/order/refund.tsx"),
      route("order/batchrefund", "routes/order/batch-refund.tsx"),
      route("order/orderbatch_refund", "routes/order/orderbatch-refund.tsx"),
      route("order/refund_detail", "routes/order/refund-detail.tsx"),
      route("order/complain", "routes/order/complain.tsx"),
      route("order/evaluate", "routes/order/evaluate.tsx"),
      route("order/verification", "routes/order/verification.tsx"),
      route("order/verification_list", "routes/order/verification-list.tsx"),
      route("order/verification_detail", "routes/order/verification-detail.tsx"),
    ]),
    route("street", "routes/street.tsx"),
    // Group buys and combos (issue 11): public, no antd. Their static payment paths (above) outrank :id.
    route("promotion/groupbuy", "routes/promotion/groupbuy.tsx"),
    route("promotion/groupbuy/:id", "routes/promotion/groupbuy-detail.tsx"),
    route("promotion/combo/:id", "routes/promotion/combo.tsx"),
    // Seckill (issue 11): public, no antd; the checkout is /promotion/seckill/payment (above, with antd).
    route("promotion/seckill", "routes/promotion/seckill.tsx"),
    route("promotion/seckill/:id", "routes/promotion/seckill-detail.tsx"),
    ...prefix("cms", [
      route("article/list", "routes/cms/article-list.tsx"),
      route("article/detail", "routes/cms/article-detail.tsx"),
      route("notice/list", "routes/cms/notice-list.tsx"),
      route("notice/detail", "routes/cms/notice-detail.tsx"),
      route("help/list", "routes/cms/help-list.tsx"),
      route("help/detail", "routes/cms/help-detail.tsx"),
      // Link forms of the footer: /cms/help/listother-{class id} and /cms/help-{article id}.
      route("help/:slug", "routes/cms/help-listother.tsx"),
      route(":slug", "routes/cms/help-link.tsx"),
    ]),
    // SPEC pages that come with later work answer a "coming soon" page (components/coming-soon/
    // features.ts names them; other paths under the catch-alls are 404). A built page's own route
    // outranks these. A guest is sent to login.
    ...GUARDED_COMING_SOON.map((path) => route(path, "routes/guarded-coming-soon.tsx", { id: comingSoonId(path) })),
  ]),
  layout("layouts/login.tsx", [
    ...prefix("auth", [
      route("login", "routes/auth/login.tsx"),
      route("register", "routes/auth/register.tsx"),
      route("find", "routes/auth/find.tsx"),
    ]),
  ]),
  layout("layouts/member.tsx", [
    route("member", "routes/member/index.tsx"),
    route("member/delivery_address", "routes/member/delivery-address.tsx"),
    route("member/address_edit", "routes/member/address-edit.tsx"),
    route("member/order_list", "routes/member/order-list.tsx"),
    // One page serves the four detail routes; the order's type picks what it shows.
    route("member/order_detail", "routes/member/order-detail.tsx"),
    route("member/order_detail_local_delivery", "routes/member/order-detail.tsx", { id: "order-detail-local-delivery" }),
    route("member/order_detail_pickup", "routes/member/order-detail.tsx", { id: "order-detail-pickup" }),
    route("member/order_detail_virtual", "routes/member/order-detail.tsx", { id: "order-detail-virtual" }),
    route("member/activist", "routes/member/activist.tsx"),
    route("member/info", "routes/member/info.tsx"),
    route("member/security", "routes/member/security.tsx"),
    route("member/security/security", "routes/member/security-security.tsx"),
    route("member/collection", "routes/member/collection.tsx"),
    route("member/footprint", "routes/member/footprint.tsx"),
    route("member/my_point", "routes/member/my-point.tsx"),
    route("member/level", "routes/member/level.tsx"),
    route("member/signin", "routes/member/signin.tsx"),
    route("member/account", "routes/member/account.tsx"),
    route("member/recharge_list", "routes/member/recharge-list.tsx"),
    route("member/recharge_order", "routes/member/recharge-order.tsx"),
    route("member/recharge_detail", "routes/member/recharge-detail.tsx"),
    route("member/account_list", "routes/member/account-list.tsx"),
    route("member/account_edit", "routes/member/account-edit.tsx"),
    route("member/apply_withdrawal", "routes/member/apply-withdrawal.tsx"),
    route("member/withdrawal", "routes/member/withdrawal.tsx"),
    route("member/withdrawal_detail", "routes/member/withdrawal-detail.tsx"),
    route("member/coupon", "routes/member/coupon.tsx"),
    // Every SPEC member page is built. The catch-all keeps the guard on any other /member path (a
    // guest goes to login with the full path), then a member gets the 404 page (features.ts names
    // no member row); a member page that comes later gets "coming soon" inside this layout.
    route("member/*", "routes/guarded-coming-soon.tsx", { id: "coming-soon-member" }),
  ]),
  layout("layouts/empty.tsx", [route("close", "routes/close.tsx")]),
  route("sitemap.xml", "routes/sitemap.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
