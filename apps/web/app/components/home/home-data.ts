import type { ApiClient, Floor, FloatLayer, NoticeItem } from "@shop/contract";
import { browserApi } from "../../lib/api.ts";
import { isTopAdWanted } from "../../lib/client-state.ts";
import { renderOnly, rendered, type RenderOnly } from "../../lib/render-only.ts";
import { fallbackUnlessClosed, redirectIfClosed } from "../../lib/site-closed.ts";
import { shownAd, type ShownAd } from "./ad-detail.ts";
import { loadSeckillStrip, type SeckillStrip } from "../promotion/seckill/seckill-strip.ts";

/** A notice as the home page lists it (title and pin; its text is on the notice's page). */
export type HomeNotice = Pick<NoticeItem, "id" | "title" | "is_top">;

export interface HomeData {
  /** null when failed, closed this visit or closed 3 times */
  topAd: ShownAd | null;
  carousel: ShownAd | null;
  midLeft: ShownAd | null;
  midRight: ShownAd | null;
  categoryBelow: ShownAd | null;
  /** for the server's render only: the floors are kept as server markup (HomeFloors) */
  floors: RenderOnly<Floor[]>;
  floatLayer: FloatLayer | null;
  notices: HomeNotice[];
  /** the 限时秒杀 strip: the slot on now (else next today) and its first goods; null when none (or failed) */
  seckill: SeckillStrip | null;
  /** messages of failed list loads, toasted in the browser */
  loadErrors: string[];
}

const NOTICE_COUNT = 5;

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "加载失败，请稍后再试";
}

/**
 * Everything the home page shows, fetched in parallel and cut to what it renders. An ad that
 * fails just stays away (SPEC §8 "Ad failure stops loading"); a failed list leaves its place
 * empty and reports its message.
 */
export async function loadHomeData(api: ApiClient, request: Request): Promise<HomeData> {
  const loadErrors: string[] = [];
  const quietly = fallbackUnlessClosed(request, null);
  const ad = (keyword: string) => api.call("/api/adv/detail", { keyword }).then(shownAd, quietly);
  const list = <T>(promise: Promise<T>, empty: T) =>
    promise.catch((error: unknown) => {
      redirectIfClosed(error, request);
      loadErrors.push(messageOf(error));
      return empty;
    });

  const [topAd, carousel, midLeft, midRight, categoryBelow, floors, floatLayer, notices, seckill] = await Promise.all([
    isTopAdWanted(request.headers.get("cookie")) ? ad("NS_PC_INDEX_TOP") : null,
    ad("NS_PC_INDEX"),
    ad("NS_PC_INDEX_MID_LEFT"),
    ad("NS_PC_INDEX_MID_RIGHT"),
    ad("NS_PC_INDEX_CATEGORY_BELOW"),
    list(api.call("/api/pc/floors"), [] as Floor[]),
    api.call("/api/pc/floatLayer").catch(quietly),
    list(
      api.call("/api/notice/page", { page: 1, page_size: NOTICE_COUNT }).then((page) => page.list.map(({ id, title, is_top }) => ({ id, title, is_top }))),
      [] as HomeNotice[],
    ),
    // Like an ad: a failure just leaves the strip out.
    loadSeckillStrip(api).catch(quietly),
  ]);
  return { topAd, carousel, midLeft, midRight, categoryBelow, floors: renderOnly(floors), floatLayer, notices, seckill, loadErrors };
}

/**
 * A client-side visit of the home page renders the floors (and the 限时秒杀 strip's goods) in the
 * browser: the server's data (whose floors and strip goods stay on the server) with them loaded beside it.
 */
export async function withFloorsFromBrowser(request: Request, serverData: Promise<HomeData>): Promise<HomeData> {
  const [data, floors, seckill] = await Promise.all([
    serverData,
    browserApi.call("/api/pc/floors").then(
      (list) => ({ list, error: "" }),
      (error: unknown) => {
        redirectIfClosed(error, request);
        return { list: [] as Floor[], error: messageOf(error) };
      },
    ),
    // The strip's goods are server markup too (seckill-strip.ts): loaded here with them.
    loadSeckillStrip(browserApi, true).catch(() => null),
  ]);
  return { ...data, floors: rendered(floors.list), seckill, loadErrors: floors.error ? [...data.loadErrors, floors.error] : data.loadErrors };
}
