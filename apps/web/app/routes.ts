import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/** SPEC §2 routes, grouped by the layout that wraps them (default, login, member, empty). */
export default [
  layout("layouts/default.tsx", [
    index("routes/home.tsx"),
    route("index", "routes/home.tsx", { id: "routes/index-alias" }),
    ...prefix("goods", [
      route("list", "routes/goods/list.tsx"),
      route("category", "routes/goods/category.tsx"),
      route("brand", "routes/goods/brand.tsx"),
    ]),
    route("sku/:id", "routes/sku.tsx"),
    route("street", "routes/street.tsx"),
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
    // Guarded areas whose pages come with later work: a guest is sent to login, a member gets 404.
    route("goods/cart", "routes/guarded-pending.tsx", { id: "pending-cart" }),
    route("order/*", "routes/guarded-pending.tsx", { id: "pending-order" }),
    route("pay/*", "routes/guarded-pending.tsx", { id: "pending-pay" }),
    route("promotion/:kind/payment", "routes/guarded-pending.tsx", { id: "pending-promotion-payment" }),
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
    route("member/*", "routes/guarded-pending.tsx", { id: "pending-member" }),
  ]),
  layout("layouts/empty.tsx", [route("close", "routes/close.tsx")]),
  route("sitemap.xml", "routes/sitemap.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
