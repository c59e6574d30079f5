import type { ApiClient, NoticeItem, Page } from "@shop/contract";
import { CMS_PAGE_SIZE, orNotFound } from "./cms-loader.ts";

export const NOTICE_HOME = "/cms/notice/list";
export const noticeDetailPath = (id: number) => `/cms/notice/detail?id=${id}`;

/** How many of the latest notices the detail page lists beside the notice. */
const LATEST_COUNT = 8;

/** A notice in a list: no content, which lists do not show. */
export type NoticeRow = Omit<NoticeItem, "content">;

const toRow = ({ content: _content, ...row }: NoticeItem): NoticeRow => row;

export interface NoticeListData {
  notices: Page<NoticeRow>;
  page: number;
}

export interface NoticeDetailData {
  notice: NoticeItem;
  latest: NoticeRow[];
}

/** Pinned notices come first: the server orders them so. */
export async function loadNoticeList(api: ApiClient, page: number): Promise<NoticeListData> {
  const notices = await api.call("/api/notice/page", { page, page_size: CMS_PAGE_SIZE });
  return { notices: { ...notices, list: notices.list.map(toRow) }, page };
}

export async function loadNoticeDetail(api: ApiClient, id: number): Promise<NoticeDetailData> {
  const [notice, latest] = await Promise.all([
    orNotFound(api.call("/api/notice/info", { id })),
    api.call("/api/notice/page", { page: 1, page_size: LATEST_COUNT }),
  ]);
  return { notice, latest: latest.list.map(toRow) };
}
