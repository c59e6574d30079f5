import type { NewRow } from "../db/schema.ts";
import type { TopPlan } from "./catalog.ts";
import type { SeedImages } from "./images.ts";
import { jsonLink } from "./site-lists.ts";

type Block =
  | { type: "text"; value: { text: string; link: string; color: string } }
  | { type: "img"; value: { url: string; link: string } }
  | { type: "goods"; value: { goods_ids: number[]; list: [] } }
  | { type: "category"; value: { category_ids: number[]; list: [] } };

type FloorStyle = "floor-style-1" | "floor-style-2" | "floor-style-3" | "floor-style-4";

/** Which level-1 category each home floor shows, in order. */
const FLOORS: Array<{ style: FloorStyle; topIndex: number; slogan: string }> = [
  { style: "floor-style-1", topIndex: 0, slogan: "新品手机 以旧换新" },
  { style: "floor-style-4", topIndex: 1, slogan: "家电焕新季" },
  { style: "floor-style-3", topIndex: 2, slogan: "高效办公 轻薄随行" },
  { style: "floor-style-2", topIndex: 3, slogan: "春夏新款 潮流上新" },
  { style: "floor-style-1", topIndex: 4, slogan: "大牌美妆 焕亮新颜" },
  { style: "floor-style-3", topIndex: 5, slogan: "年货美食 满199减30" },
  { style: "floor-style-2", topIndex: 6, slogan: "宝贝的成长好物" },
  { style: "floor-style-4", topIndex: 8, slogan: "运动季 燃动全场" },
];

/** Sizes from the original floor templates. */
const LEFT_IMAGE: Partial<Record<FloorStyle, { width: number; height: number }>> = {
  "floor-style-1": { width: 234, height: 614 },
  "floor-style-3": { width: 190, height: 360 },
  "floor-style-4": { width: 478, height: 324 },
};
const BOTTOM_IMAGE = { width: 1210, height: 118 };

/**
 * Home floors (pc_floor): each value is an object of named blocks {type, value} in the reference's
 * shape. Goods and category blocks store only ids; the API fills `list` when it serves them.
 */
export function buildFloors(images: SeedImages, tops: TopPlan[], goodsByTop: Map<number, number[]>): NewRow<"pc_floor">[] {
  return FLOORS.map(({ style, topIndex, slogan }, index) => {
    const top = tops[topIndex % tops.length]!;
    const link = jsonLink(`/goods/list?category_id=${top.id}&level=1`);
    const goodsIds = goodsByTop.get(top.id) ?? [];
    const goods = (start: number, count: number): Block => ({ type: "goods", value: { goods_ids: takeRound(goodsIds, start, count), list: [] } });
    const text = (value: string, color: string): Block => ({ type: "text", value: { text: value, link, color } });
    const picture = (name: string, size: { width: number; height: number }, subtitle: string): Block => ({
      type: "img",
      value: {
        url: images.banner(`floor/${index + 1}-${name}.jpg`, { title: slogan, subtitle, action: "立即选购", background: top.color }, size),
        link,
      },
    });
    const leftImg = () => picture("left", LEFT_IMAGE[style]!, top.name);
    const bottomImg = () => picture("bottom", BOTTOM_IMAGE, "精选好物 限时特惠");
    const title = text(top.name, top.color);

    const blocks: Record<FloorStyle, () => Record<string, Block>> = {
      "floor-style-1": () => ({ title, leftImg: leftImg(), goodsList: goods(0, 8), bottomImg: bottomImg() }),
      "floor-style-2": () => ({ title, subTitle: text(slogan, "#999999"), goodsList: goods(0, 10), bottomImg: bottomImg() }),
      "floor-style-3": () => ({
        title,
        leftImg: leftImg(),
        categoryList: { type: "category", value: { category_ids: top.subIds, list: [] } },
        rightGoodsList: goods(0, 10),
        bottomGoodsList: goods(10, 6),
      }),
      "floor-style-4": () => ({ title, more: text("更多", "#999999"), leftImg: leftImg(), goodsList: goods(0, 9), bottomImg: bottomImg() }),
    };
    return { id: index + 1, block_name: style, title: top.name, value: JSON.stringify(blocks[style]()), sort: index, state: 1 };
  });
}

/** `count` ids from `start`, wrapping around when a small seed has fewer goods in the category. */
function takeRound(ids: number[], start: number, count: number): number[] {
  if (ids.length === 0) return [];
  const wanted = Math.min(count, ids.length);
  return Array.from({ length: wanted }, (_, offset) => ids[(start + offset) % ids.length] as number);
}
