import { z } from "zod";
import { endpoint, id, noBody } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import type { Floor } from "./site.ts";
import { color, flag, link, listQuery, optionalText, orderedIds, picture, requiredText, sortNumber } from "./admin-content-fields.ts";
import { contentDocsEndpoints } from "./admin-content-docs.ts";

/**
 * Staff calls of the back office for ads, the home page (floors, navigation, friendly links), articles, notices and help (content.manage).
 * Named after the reference admin's controllers and actions in lower case (/shopapi/<controller>/<action>); docs/api/console-content.md.
 * Links travel as plain strings ("/goods/list?…" or https://…); the server stores them in the reference's {"url": …} form.
 */

// ---- ads ----------------------------------------------------------------------------------

/** An ad position (its keyword is fixed: the storefront asks for positions by keyword). */
export interface StaffAdvPosition {
  ap_id: number;
  keyword: string;
  ap_name: string;
  ap_intro: string;
  ap_width: number;
  ap_height: number;
  ap_background_color: string;
  /** 1 carousel (several pictures), 2 single picture */
  type: number;
  is_use: number;
  /** ads in the position, and how many a guest sees now (switched on and in their time window) */
  adv_count: number;
  shown_count: number;
}

export interface StaffAdv {
  adv_id: number;
  ap_id: number;
  ap_name: string;
  adv_title: string;
  /** plain link ("" for none) */
  adv_url: string;
  adv_image: string;
  slide_sort: number;
  background: string;
  state: number;
  /** unix seconds; 0 = no bound */
  start_time: number;
  end_time: number;
  /** whether a guest sees it now (state 1, inside its time window, position in use) */
  showing: boolean;
}

const unixTime = (label: string) =>
  z.coerce.number({ error: `${label}须为时间` }).int(`${label}须为时间`).min(0, `${label}须为时间`).max(4_102_444_800, `${label}超出范围`).default(0);

export const advFields = z
  .object({
    ap_id: id,
    adv_title: requiredText("广告名称", 50),
    adv_url: link("链接地址"),
    adv_image: picture("广告图片").refine((value) => value !== "", "请上传广告图片"),
    background: color("背景色"),
    state: flag("状态").default(1),
    start_time: unixTime("开始时间"),
    end_time: unixTime("结束时间"),
  })
  .refine((ad) => ad.start_time === 0 || ad.end_time === 0 || ad.end_time > ad.start_time, { message: "结束时间须晚于开始时间", path: ["end_time"] });
export type AdvInput = z.output<typeof advFields>;

export const advPositionFields = z.object({
  ap_id: id,
  ap_name: requiredText("广告位名称", 50),
  ap_intro: optionalText("广告位简介", 200),
  ap_width: z.coerce.number({ error: "宽度须为数字" }).int("宽度须为整数").min(0, "宽度不能为负数").max(5000, "宽度不能超过 5000").default(0),
  ap_height: z.coerce.number({ error: "高度须为数字" }).int("高度须为整数").min(0, "高度不能为负数").max(5000, "高度不能超过 5000").default(0),
  ap_background_color: color("背景色"),
  is_use: flag("是否启用").default(1),
});
export type AdvPositionInput = z.output<typeof advPositionFields>;

// ---- home page floors -----------------------------------------------------------------------

export type FloorBlockType = "text" | "img" | "goods" | "category";

/** What one named block of a style holds, with its label in the editor and (for lists) how many items it shows. */
export interface FloorBlockSpec {
  type: FloorBlockType;
  label: string;
  max?: number;
}

/** The storefront's floor styles (apps/web components/home/floors/FloorStyle1…4) and their blocks, in editor order. */
export const FLOOR_STYLES: Record<string, { title: string; blocks: Record<string, FloorBlockSpec> }> = {
  "floor-style-1": {
    title: "楼层样式一",
    blocks: {
      title: { type: "text", label: "楼层标题" },
      leftImg: { type: "img", label: "左侧图片（234×614）" },
      goodsList: { type: "goods", label: "商品", max: 8 },
      bottomImg: { type: "img", label: "底部图片（1210×118）" },
    },
  },
  "floor-style-2": {
    title: "楼层样式二",
    blocks: {
      title: { type: "text", label: "楼层标题" },
      subTitle: { type: "text", label: "副标题" },
      goodsList: { type: "goods", label: "商品", max: 10 },
      bottomImg: { type: "img", label: "底部图片（1210×118）" },
    },
  },
  "floor-style-3": {
    title: "楼层样式三",
    blocks: {
      title: { type: "text", label: "楼层标题" },
      leftImg: { type: "img", label: "左侧图片（190×360）" },
      categoryList: { type: "category", label: "左侧分类", max: 12 },
      rightGoodsList: { type: "goods", label: "右侧商品", max: 10 },
      bottomGoodsList: { type: "goods", label: "底部商品", max: 6 },
    },
  },
  "floor-style-4": {
    title: "楼层样式四",
    blocks: {
      title: { type: "text", label: "楼层标题" },
      more: { type: "text", label: "“更多”链接" },
      leftImg: { type: "img", label: "左侧图片（478×324）" },
      goodsList: { type: "goods", label: "商品", max: 9 },
      bottomImg: { type: "img", label: "底部图片（1210×118）" },
    },
  },
};

const idList = (label: string) => z.array(id, { error: `${label}须为 ID 列表` }).max(50, `${label}最多 50 个`).default([]);

const blockInput = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("text"), value: z.object({ text: optionalText("文字", 50), link: link("文字链接"), color: color("文字颜色") }) }),
    z.object({ type: z.literal("img"), value: z.object({ url: picture("图片"), link: link("图片链接") }) }),
    z.object({ type: z.literal("goods"), value: z.object({ goods_ids: idList("商品") }) }),
    z.object({ type: z.literal("category"), value: z.object({ category_ids: idList("分类") }) }),
  ],
  { error: "区块类型须为 text、img、goods 或 category" },
);
export type FloorBlockInput = z.output<typeof blockInput>;

/** The reference sends `value` as a JSON string; an object is taken too. */
const jsonObject = (value: unknown) => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

export const floorFields = z
  .object({
    block_name: z.enum(Object.keys(FLOOR_STYLES) as [string, ...string[]], { error: "楼层样式须为 floor-style-1 至 floor-style-4" }),
    title: requiredText("楼层名称", 50),
    state: flag("是否显示").default(1),
    value: z.preprocess(jsonObject, z.record(z.string(), blockInput, { error: "楼层内容须为区块对象" })),
  })
  .superRefine((floor, ctx) => {
    const style = FLOOR_STYLES[floor.block_name];
    if (!style) return;
    for (const [name, block] of Object.entries(floor.value)) {
      const spec = style.blocks[name];
      if (!spec) {
        ctx.addIssue({ code: "custom", path: ["value", name], message: `${style.title}没有「${name}」区块` });
      } else if (spec.type !== block.type) {
        ctx.addIssue({ code: "custom", path: ["value", name], message: `「${spec.label}」须为 ${spec.type} 区块` });
      } else if (spec.max !== undefined) {
        const count = block.type === "goods" ? block.value.goods_ids.length : block.type === "category" ? block.value.category_ids.length : 0;
        if (count > spec.max) ctx.addIssue({ code: "custom", path: ["value", name], message: `「${spec.label}」最多 ${spec.max} 个` });
      }
    }
  });
export type FloorInput = z.output<typeof floorFields>;

/** A floor as the editor shows it: the storefront's shape (lists filled, links as stored) plus its state. */
export interface StaffFloor extends Floor {
  state: number;
}

/** A goods item the floor editor can pick (on sale or not). */
export interface PickableGoods {
  goods_id: number;
  goods_name: string;
  goods_image: string;
  price: string;
  goods_stock: number;
  /** 1 on sale; others are not shown on floors */
  goods_state: number;
}

// ---- navigation and friendly links ------------------------------------------------------------

export interface StaffNavItem {
  id: number;
  nav_title: string;
  /** plain link */
  nav_url: string;
  sort: number;
  is_blank: number;
  nav_icon: string;
  is_show: number;
}

export const navFields = z.object({
  nav_title: requiredText("导航名称", 20),
  nav_url: link("链接地址").refine((value) => value !== "", "请填写链接地址"),
  sort: sortNumber(),
  is_blank: flag("新窗口打开").default(0),
  nav_icon: picture("导航图标"),
  is_show: flag("是否显示").default(1),
});
export type NavInput = z.output<typeof navFields>;

export interface StaffFriendlyLink {
  id: number;
  link_title: string;
  link_url: string;
  link_pic: string;
  link_sort: number;
  is_blank: number;
  is_show: number;
}

export const friendlyLinkFields = z.object({
  link_title: requiredText("链接名称", 30),
  link_url: link("链接地址").refine((value) => value !== "", "请填写链接地址"),
  link_pic: picture("链接图片"),
  link_sort: sortNumber(),
  is_blank: flag("新窗口打开").default(1),
  is_show: flag("是否显示").default(1),
});
export type FriendlyLinkInput = z.output<typeof friendlyLinkFields>;

const sortBody = z.object({ ids: orderedIds });

export const contentAdminEndpoints = {
  // ---- ads (Adv) ----
  /** ad positions with their ad counts */
  "/shopapi/adv/index": endpoint<Page<StaffAdvPosition>>()(z.object(listQuery)),
  "/shopapi/adv/editposition": endpoint<{ ap_id: number }>()(advPositionFields),
  /** the ads of a position (or of all), by slide_sort */
  "/shopapi/adv/lists": endpoint<Page<StaffAdv>>()(z.object({ ...listQuery, ap_id: id.optional() })),
  "/shopapi/adv/addadv": endpoint<{ adv_id: number }>()(advFields),
  "/shopapi/adv/editadv": endpoint<{ adv_id: number }>()(z.intersection(advFields, z.object({ adv_id: id }))),
  "/shopapi/adv/alteradvstate": endpoint<null>()(z.object({ adv_id: id, state: flag("状态") })),
  "/shopapi/adv/deleteadv": endpoint<null>()(z.object({ adv_id: id })),
  /** the new order of a position's ads (every id of the position once) */
  "/shopapi/adv/sortadv": endpoint<null>()(z.object({ ap_id: id, ids: orderedIds })),

  // ---- home page floors (pc_floor) ----
  /** every floor (shown and hidden) by sort, in the storefront's shape */
  "/shopapi/pc/floor": endpoint<StaffFloor[]>()(noBody),
  "/shopapi/pc/addfloor": endpoint<{ id: number }>()(floorFields),
  "/shopapi/pc/editfloor": endpoint<{ id: number }>()(z.intersection(floorFields, z.object({ id }))),
  "/shopapi/pc/modifyfloorstate": endpoint<null>()(z.object({ id, state: flag("是否显示") })),
  "/shopapi/pc/deletefloor": endpoint<null>()(z.object({ id })),
  "/shopapi/pc/floorsort": endpoint<null>()(sortBody),
  /** goods the floor editor can pick, by name or id */
  "/shopapi/pc/goodsselect": endpoint<Page<PickableGoods>>()(z.object({ ...listQuery, goods_ids: z.array(id).max(50).optional() })),

  // ---- navigation (pc_nav) ----
  "/shopapi/pc/navlist": endpoint<StaffNavItem[]>()(noBody),
  "/shopapi/pc/addnav": endpoint<{ id: number }>()(navFields),
  "/shopapi/pc/editnav": endpoint<{ id: number }>()(navFields.extend({ id })),
  "/shopapi/pc/deletenav": endpoint<null>()(z.object({ id })),
  "/shopapi/pc/navsort": endpoint<null>()(sortBody),

  // ---- friendly links (pc_friendly_link) ----
  "/shopapi/pc/linklist": endpoint<StaffFriendlyLink[]>()(noBody),
  "/shopapi/pc/addlink": endpoint<{ id: number }>()(friendlyLinkFields),
  "/shopapi/pc/editlink": endpoint<{ id: number }>()(friendlyLinkFields.extend({ id })),
  "/shopapi/pc/deletelink": endpoint<null>()(z.object({ id })),
  "/shopapi/pc/linksort": endpoint<null>()(sortBody),

  ...contentDocsEndpoints,
};
