import type { MetaDescriptor } from "react-router";
import homeCss from "../styles/home.css?url";
import homeFloorsCss from "../styles/home-floors.css?url";
import uiCss from "../styles/ui.css?url";
import seckillCss from "../styles/seckill.css?url";
import type { GlobalData } from "../lib/global-data.ts";
import { HomeBanner } from "../components/home/HomeBanner.tsx";
import { HomeFloatLayer } from "../components/home/HomeFloatLayer.tsx";
import { HomeMiddleAds } from "../components/home/HomeMiddleAds.tsx";
import { HomeTopAd } from "../components/home/HomeTopAd.tsx";
import { HomeFloors } from "../components/home/floors/HomeFloors.tsx";
import { HomeSeckill } from "../components/promotion/seckill/HomeSeckill.tsx";
import { loadHomeData, withFloorsFromBrowser, type HomeData } from "../components/home/home-data.ts";
import { hasAdItems } from "../components/home/ad-detail.ts";
import type { CategoryNavHandle } from "../components/chrome/category-nav-expansion.tsx";
import type { PageTopHandle } from "../components/chrome/page-top.tsx";
import { useLoadFailureToast } from "../components/home/useLoadFailureToast.ts";
import type { Route } from "./+types/home";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: homeCss },
  { rel: "stylesheet", href: homeFloorsCss },
  { rel: "stylesheet", href: seckillCss },
];

export const handle = {
  /** SPEC §2: the category panel is expanded on the home page while the top ad shows. */
  expandCategoryNav: (loaderData: unknown) => hasAdItems((loaderData as HomeData | undefined)?.topAd),
  /** The top ad sits above the whole header. */
  pageTop: (loaderData: unknown) => <HomeTopAd ad={(loaderData as HomeData | undefined)?.topAd ?? null} />,
} satisfies CategoryNavHandle & PageTopHandle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = (matches.find((match) => match?.id === "root")?.data as GlobalData | undefined)?.site;
  const tags: MetaDescriptor[] = [{ title: site?.seo_title || site?.site_name || "商城首页" }];
  if (site?.seo_keywords) tags.push({ name: "keywords", content: site.seo_keywords });
  if (site?.seo_description) tags.push({ name: "description", content: site.seo_description });
  return tags;
};

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadHomeData(context.api, request);
}

/** Not run when the page is hydrated (the floors are the server's markup then), only on client-side visits. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  return withFloorsFromBrowser(request, serverLoader());
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { carousel, midLeft, midRight, categoryBelow, floors, floatLayer, notices, seckill, loadErrors } = loaderData;
  useLoadFailureToast(loadErrors);
  return (
    <div className="home">
      <HomeBanner carousel={carousel} notices={notices} />
      <div className="home__content">
        <HomeMiddleAds midLeft={midLeft} midRight={midRight} categoryBelow={categoryBelow} />
        {seckill && <HomeSeckill strip={seckill} />}
        <HomeFloors floors={floors.value} />
      </div>
      <HomeFloatLayer layer={floatLayer} />
    </div>
  );
}
