import type { Kysely } from "kysely";
import type { Floor, FloorBlock } from "@shop/contract";
import type { StaffFloor } from "@shop/contract/domains/admin-content";
import type { DB } from "../../db/schema.ts";
import { findGoodsCards } from "../goods/goods-card.ts";
import { findCategorySummaries } from "../goods/category.ts";

/** Display names of the floor styles (the reference's block_title). */
const FLOOR_STYLE_TITLES: Record<string, string> = {
  "floor-style-1": "楼层样式一",
  "floor-style-2": "楼层样式二",
  "floor-style-3": "楼层样式三",
  "floor-style-4": "楼层样式四",
};

/** A block as stored: {type, value}; goods and category blocks hold only their ids. */
interface StoredBlock {
  type: string;
  value: Record<string, unknown>;
}

/** The shown floors (state 1) by sort, as guests get them. */
export async function listFloors(db: Kysely<DB>): Promise<Floor[]> {
  return (await loadFloors(db, { withHidden: false })).map(({ state: _state, ...floor }) => floor);
}

/**
 * Floors by sort (only the shown ones unless `withHidden`: the back office sees all), each `value`
 * parsed into its blocks. Goods blocks get `list` filled from goods_ids (goods on sale only, in the
 * ids' order) and category blocks from category_ids (shown categories only): one query per block
 * type for all floors together.
 */
export async function loadFloors(db: Kysely<DB>, { withHidden }: { withHidden: boolean }): Promise<StaffFloor[]> {
  let query = db.selectFrom("pc_floor").select(["id", "title", "block_name", "sort", "value", "state"]).orderBy("sort").orderBy("id");
  if (!withHidden) query = query.where("state", "=", 1);
  const rows = await query.execute();
  const floors = rows.map((row) => ({ ...row, blocks: parseBlocks(row.value) }));
  const allBlocks = floors.flatMap((floor) => Object.values(floor.blocks));
  const [goods, categories] = await Promise.all([
    findGoodsCards(db, idsOfBlocks(allBlocks, "goods", "goods_ids")),
    findCategorySummaries(db, idsOfBlocks(allBlocks, "category", "category_ids")),
  ]);

  const fillBlock = (block: StoredBlock): FloorBlock => {
    if (block.type === "goods") {
      const goodsIds = toIds(block.value.goods_ids);
      return { type: "goods", value: { ...block.value, goods_ids: goodsIds, list: pickInOrder(goodsIds, goods) } };
    }
    if (block.type === "category") {
      const categoryIds = toIds(block.value.category_ids);
      return { type: "category", value: { ...block.value, category_ids: categoryIds, list: pickInOrder(categoryIds, categories) } };
    }
    return block as FloorBlock;
  };

  return floors.map(({ id, title, block_name, sort, state, blocks }) => ({
    id,
    title,
    block_name,
    block_title: FLOOR_STYLE_TITLES[block_name] ?? block_name,
    sort,
    state,
    value: Object.fromEntries(Object.entries(blocks).map(([name, block]) => [name, fillBlock(block)])),
  }));
}

/** The floor's blocks by name; an unreadable value or malformed entries are dropped. */
function parseBlocks(json: string): Record<string, StoredBlock> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  if (!isObject(parsed)) return {};
  const blocks: Record<string, StoredBlock> = {};
  for (const [name, block] of Object.entries(parsed)) {
    if (isObject(block) && typeof block.type === "string") {
      blocks[name] = { type: block.type, value: isObject(block.value) ? block.value : {} };
    }
  }
  return blocks;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Largest id a key column holds (PostgreSQL serial). */
const MAX_ID = 2_147_483_647;

/** Ids saved as an array of numbers or numeric strings, or as "1,2,3"; anything else is skipped. */
function toIds(value: unknown): number[] {
  const items = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [];
  return items.map((item) => Number(item)).filter((id) => Number.isInteger(id) && id > 0 && id <= MAX_ID);
}

const idsOfBlocks = (blocks: StoredBlock[], type: string, field: string): number[] =>
  blocks.filter((block) => block.type === type).flatMap((block) => toIds(block.value[field]));

const pickInOrder = <T>(ids: number[], found: Map<number, T>): T[] =>
  ids.flatMap((id) => {
    const item = found.get(id);
    return item ? [item] : [];
  });
