import type { AdvDetail, ApiClient, Floor, FloatLayer, NoticeItem } from "@shop/contract";
import { isTopAdWanted } from "../../lib/client-state.ts";
import { fallbackUnlessClosed, redirectIfClosed } from "../../lib/site-closed.ts";

export interface HomeData {
  /** null when failed, closed this visit or closed 3 times */
  topAd: AdvDetail | null;
  carousel: AdvDetail | null;
  midLeft: AdvDetail | null;
  midRight: AdvDetail | null;
  categoryBelow: AdvDetail | null;
  floors: Floor[];
  floatLayer: FloatLayer | null;
  notices: NoticeItem[];
  /** messages of failed list loads, toasted in the browser */
  loadErrors: string[];
}

const NOTICE_COUNT = 5;

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "加载失败，请稍后再试";
}

/**
 * Everything the home page shows, fetched in parallel. An ad that fails just stays away (SPEC §8
 * "Ad failure stops loading"); a failed list leaves its place empty and reports its message.
 */
export async function loadHomeData(api: ApiClient, request: Request): Promise<HomeData> {
  const loadErrors: string[] = [];
  const quietly = fallbackUnlessClosed(request, null);
  const ad = (keyword: string) => api.call("/api/adv/detail", { keyword }).catch(quietly);
  const list = <T>(promise: Promise<T>, empty: T) =>
    promise.catch((error: unknown) => {
      redirectIfClosed(error, request);
      loadErrors.push(messageOf(error));
      return empty;
    });

  const [topAd, carousel, midLeft, midRight, categoryBelow, floors, floatLayer, notices] = await Promise.all([
    isTopAdWanted(request.headers.get("cookie")) ? ad("NS_PC_INDEX_TOP") : null,
    ad("NS_PC_INDEX"),
    ad("NS_PC_INDEX_MID_LEFT"),
    ad("NS_PC_INDEX_MID_RIGHT"),
    ad("NS_PC_INDEX_CATEGORY_BELOW"),
    list(api.call("/api/pc/floors"), [] as Floor[]),
    api.call("/api/pc/floatLayer").catch(quietly),
    list(api.call("/api/notice/page", { page: 1, page_size: NOTICE_COUNT }).then((page) => page.list), [] as NoticeItem[]),
  ]);
  return { topAd, carousel, midLeft, midRight, categoryBelow, floors, floatLayer, notices, loadErrors };
}
