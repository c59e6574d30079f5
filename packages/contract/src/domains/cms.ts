import { z } from "zod";
import { endpoint, noBody, id, paging } from "../endpoint.ts";
import type { Page } from "../codes.ts";

export interface HelpLink {
  id: number;
  title: string;
  link_address: string;
}
export interface HelpClass {
  class_id: number;
  class_name: string;
  child_list: HelpLink[];
}
export interface HelpArticle {
  id: number;
  class_id: number;
  class_name: string;
  title: string;
  /** sanitized HTML */
  content: string;
  /** external link; when set, the article opens it instead of showing content */
  link_address: string;
  sort: number;
  create_time: number;
}
export interface NoticeItem {
  id: number;
  title: string;
  /** sanitized HTML */
  content: string;
  is_top: number;
  sort: number;
  create_time: number;
}

export const cmsEndpoints = {
  /** Every help class (by sort) with all its articles (by sort); the footer shows up to 4 × 4. */
  "/api/helpclass/lists": endpoint<HelpClass[]>()(noBody),
  /** Missing id → -1 帮助不存在. */
  "/api/help/info": endpoint<HelpArticle>()(z.object({ id })),
  /** Articles by sort, of one class when class_id is given. */
  "/api/help/page": endpoint<Page<HelpArticle>>()(z.object({ class_id: id.optional(), ...paging })),
  /** Pinned notices first, then by sort, newest first. */
  "/api/notice/page": endpoint<Page<NoticeItem>>()(z.object({ ...paging })),
  /** Missing id → -1 公告不存在. */
  "/api/notice/info": endpoint<NoticeItem>()(z.object({ id })),
};
