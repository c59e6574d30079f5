import type { Floor, FloorBlock, FloorCategory, FloorGoods } from "@shop/contract";

export type TextBlockValue = BlockValue<"text">;
export type ImageBlockValue = BlockValue<"img">;

/** Title colour when the floor sets none: the shop's red. */
export const DEFAULT_FLOOR_COLOR = "#e4393c";

/** The floor's blocks; tolerates `value` arriving as JSON text (as the original API stores it). */
function blocks(floor: Floor): Record<string, FloorBlock> {
  const value: unknown = floor.value;
  if (typeof value === "string") {
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed && typeof parsed === "object" ? (parsed as Record<string, FloorBlock>) : {};
    } catch {
      return {};
    }
  }
  return value && typeof value === "object" ? (value as Record<string, FloorBlock>) : {};
}

type BlockValue<T extends FloorBlock["type"]> = Extract<FloorBlock, { type: T }>["value"];

function block(floor: Floor, key: string): FloorBlock | null {
  const all = blocks(floor);
  const found = Object.hasOwn(all, key) ? all[key] : undefined;
  return found && typeof found === "object" && found.value ? found : null;
}

/** A text block ({text, link, color}); null when missing, empty or of another type. */
export function textBlock(floor: Floor, key: string): TextBlockValue | null {
  const found = block(floor, key);
  return found?.type === "text" && found.value.text ? found.value : null;
}

/** An image block ({url, link}); null when missing or without a picture. */
export function imageBlock(floor: Floor, key: string): ImageBlockValue | null {
  const found = block(floor, key);
  return found?.type === "img" && found.value.url ? found.value : null;
}

/** The goods of a goods block ([] when missing). */
export function goodsBlock(floor: Floor, key: string): FloorGoods[] {
  const found = block(floor, key);
  return found?.type === "goods" && Array.isArray(found.value.list) ? found.value.list : [];
}

/** The categories of a category block ([] when missing). */
export function categoryBlock(floor: Floor, key: string): FloorCategory[] {
  const found = block(floor, key);
  return found?.type === "category" && Array.isArray(found.value.list) ? found.value.list : [];
}
