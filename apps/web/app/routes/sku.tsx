import type { MetaDescriptor, ShouldRevalidateFunction } from "react-router";
import uiCss from "../styles/ui.css?url";
import skuCss from "../styles/sku.css?url";
import skuDetailCss from "../styles/sku-detail.css?url";
import { couponCss } from "../components/coupon/coupon-css.ts";
import { siteNameOf } from "../lib/page-meta.ts";
import { TOKEN_COOKIE } from "../lib/global-data.ts";
import { readCookie } from "../lib/client-state.ts";
import { loadSkuPage, notFound, parseSkuId } from "../components/sku/sku-data.ts";
import { absoluteUrl, skuDescription, skuTitle } from "../components/sku/sku-seo.ts";
import { splitImages } from "../components/sku/sku-images.ts";
import { isSpecSwitch } from "../components/sku/spec-switch.ts";
import { SkuPage } from "../components/sku/SkuPage.tsx";
import type { Route } from "./+types/sku";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: skuCss },
  { rel: "stylesheet", href: skuDetailCss },
  { rel: "stylesheet", href: couponCss },
];

/** /sku/{id}: a missing, off-shelf or deleted SKU answers 404 (the root error boundary shows it). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const skuId = parseSkuId(params.id);
  if (skuId === null) throw notFound();
  const loggedIn = Boolean(readCookie(request.headers.get("cookie"), TOKEN_COOKIE));
  return loadSkuPage(context.api, skuId, request, loggedIn);
}

/** A spec switch already has its SKU from /api/goodssku/info: the loader is not run again for it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ nextParams, formMethod, defaultShouldRevalidate }) => {
  if (!formMethod && isSpecSwitch(nextParams.id)) return false;
  return defaultShouldRevalidate;
};

/** "商品名 - 站点名", the introduction as description, and the canonical URL of the SKU in the address bar. */
export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const siteName = siteNameOf(matches);
  if (!loaderData) return [{ title: skuTitle("商品不存在", siteName) }];
  const { detail, origin } = loaderData;
  const description = skuDescription(detail);
  const canonical = `${origin}/web${location.pathname.replace(/^\/web/, "")}`;
  const tags: MetaDescriptor[] = [
    { title: skuTitle(detail.goods_name, siteName) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "product" },
    { property: "og:title", content: detail.goods_name },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
  ];
  const picture = splitImages(detail.sku_images || detail.goods_image)[0];
  if (picture) tags.push({ property: "og:image", content: absoluteUrl(origin, picture) });
  if (detail.keywords) tags.push({ name: "keywords", content: detail.keywords });
  return tags;
};

export default function Sku({ loaderData }: Route.ComponentProps) {
  // New loader data (another SKU, a revalidation) starts afresh; a spec switch keeps the component.
  return <SkuPage key={loaderData.detail.sku_id} data={loaderData} />;
}
