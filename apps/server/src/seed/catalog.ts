import type { NewRow } from "../db/schema.ts";
import type { KindDef, SpecDef, TopDef } from "./catalog-types.ts";
import { TREE_A } from "./catalog-tree-a.ts";
import { TREE_B } from "./catalog-tree-b.ts";
import { TECH_KINDS } from "./kinds-tech.ts";
import { LIFE_KINDS } from "./kinds-life.ts";
import { pinyinInitial } from "./pinyin-initial.ts";
import { paletteColor, type SeedImages } from "./images.ts";

export const CATEGORY_TREE: TopDef[] = [...TREE_A, ...TREE_B];
const KINDS: Record<string, KindDef> = { ...TECH_KINDS, ...LIFE_KINDS };

export interface BrandPlan {
  id: number;
  name: string;
}

/** A level-3 category with everything the goods generator needs. */
export interface LeafPlan {
  id: number;
  /** [level-1 id, level-2 id, own id] */
  path: [number, number, number];
  name: string;
  kind: KindDef;
  specs: SpecDef[];
  price: [number, number];
  nouns: string[];
  brands: BrandPlan[];
  /** URLs of this category's shared product pictures (the pool the goods draw from) */
  pictures: string[];
}

export interface TopPlan {
  id: number;
  name: string;
  short: string;
  color: string;
  subIds: number[];
  leaves: LeafPlan[];
}

export interface Catalog {
  categories: NewRow<"goods_category">[];
  brands: NewRow<"goods_brand">[];
  tops: TopPlan[];
  leaves: LeafPlan[];
}

/**
 * Category ids are assigned level by level (level 1 gets 1…12), so links such as
 * /goods/list?category_id=1&level=1 stay short and stable.
 */
export function buildCatalog(images: SeedImages, picturesPerLeaf: number): Catalog {
  const brands = buildBrands(images);
  const brandByName = new Map(brands.map((brand) => [brand.brand_name, { id: brand.brand_id as number, name: brand.brand_name }]));
  const categories: NewRow<"goods_category">[] = [];
  const subCount = CATEGORY_TREE.reduce((sum, topDef) => sum + topDef.subs.length, 0);
  let nextSubId = CATEGORY_TREE.length + 1;
  let nextLeafId = CATEGORY_TREE.length + subCount + 1;

  const tops = CATEGORY_TREE.map((topDef, topIndex): TopPlan => {
    const topId = topIndex + 1;
    const color = topDef.color;
    const topKeywords = topDef.subs.flatMap((subDef) => subDef.leaves.map((leafDef) => leafDef.name));
    categories.push(
      categoryRow(images, { id: topId, pid: 0, path: [topId], names: [topDef.name], shortName: topDef.short, color, sort: topIndex, keywords: topKeywords }),
    );
    const plan: TopPlan = { id: topId, name: topDef.name, short: topDef.short, color, subIds: [], leaves: [] };
    topDef.subs.forEach((subDef, subIndex) => {
      const subId = nextSubId++;
      plan.subIds.push(subId);
      const subKeywords = subDef.leaves.map((leafDef) => leafDef.name);
      const subNames = [topDef.name, subDef.name];
      categories.push(
        categoryRow(images, { id: subId, pid: topId, path: [topId, subId], names: subNames, shortName: subDef.short, color, sort: subIndex, keywords: subKeywords }),
      );
      subDef.leaves.forEach((leafDef, leafIndex) => {
        const leafId = nextLeafId++;
        const path: LeafPlan["path"] = [topId, subId, leafId];
        const names = [...subNames, leafDef.name];
        categories.push(categoryRow(images, { id: leafId, pid: subId, path, names, shortName: leafDef.name, color, sort: leafIndex, keywords: leafDef.nouns }));
        const kind = KINDS[leafDef.kind];
        if (!kind) throw new Error(`seed: unknown product kind ${leafDef.kind} (${leafDef.name})`);
        plan.leaves.push({
          id: leafId,
          path,
          name: leafDef.name,
          kind,
          specs: leafDef.specs ?? kind.specs,
          price: leafDef.price,
          nouns: leafDef.nouns,
          brands: leafDef.brands.map((name) => {
            const brand = brandByName.get(name);
            if (!brand) throw new Error(`seed: brand ${name} missing`);
            return brand;
          }),
          pictures: Array.from({ length: picturesPerLeaf }, (_, variant) =>
            images.pooledProduct(`goods/${leafId}-${variant}.jpg`, { label: leafDef.name, color, variant: variant + leafIndex, caption: "优选商城 · 正品保障" }),
          ),
        });
      });
    });
    return plan;
  });
  return { categories, brands, tops, leaves: tops.flatMap((plan) => plan.leaves) };
}

interface CategorySource {
  id: number;
  pid: number;
  /** ids from level 1 down to this category */
  path: number[];
  /** names from level 1 down to this category */
  names: string[];
  shortName: string;
  color: string;
  sort: number;
  keywords: string[];
}

function categoryRow(images: SeedImages, { id, pid, path, names, shortName, color, sort, keywords }: CategorySource): NewRow<"goods_category"> {
  const level = path.length;
  const name = names[names.length - 1] as string;
  const fullName = names.join("/");
  return {
    category_id: id,
    category_name: name,
    short_name: shortName,
    pid,
    level,
    category_id_path: `,${path.join(",")},`,
    category_full_name: fullName,
    image: images.icon(`category/${id}.png`, shortName, color),
    image_adv:
      level === 1
        ? images.banner(`category/adv-${id}.jpg`, { title: name, subtitle: "品质好物 限时低至5折", action: "去看看", background: color }, { width: 400, height: 200 })
        : "",
    link_url: "",
    icon: "",
    keywords: [name, ...keywords].join(","),
    description: `${fullName}：${keywords.slice(0, 3).join("、")}等正品好物，品质保障，售后无忧。`,
    is_show: 1,
    sort,
  };
}

/** Brands in the order the tree first names them; the first two of each level-1 category are recommended. */
function buildBrands(images: SeedImages): NewRow<"goods_brand">[] {
  const names: string[] = [];
  const recommended = new Set<string>();
  for (const topDef of CATEGORY_TREE) {
    const topBrands = topDef.subs.flatMap((subDef) => subDef.leaves.flatMap((leafDef) => leafDef.brands));
    topBrands.slice(0, 2).forEach((name) => recommended.add(name));
    for (const name of topBrands) if (!names.includes(name)) names.push(name);
  }
  return names.map((name, index) => ({
    brand_id: index + 1,
    brand_name: name,
    brand_initial: pinyinInitial(name),
    image_url: images.logo(`brand/${index + 1}.png`, name, paletteColor(index)),
    banner: "",
    brand_desc: `${name}官方授权，正品行货，全国联保，支持七天无理由退换。`,
    is_recommend: recommended.has(name) ? 1 : 0,
    sort: index,
  }));
}
