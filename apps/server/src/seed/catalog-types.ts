/**
 * Shapes of the hand-written catalog data (category tree, brands, product kinds) and the small
 * parsers that turn its compact strings into them. The data files stay readable as one line per
 * item; the formats are documented on each parser.
 */

export interface SpecDef {
  name: string;
  values: string[];
  /** how many values a goods uses, [min, max] */
  pick: [number, number];
  /** price increase per value index (0.15 = each later value costs 15% more), for storage, size… */
  priceStep: number;
}

export interface KindDef {
  unit: string;
  specs: SpecDef[];
  /** model patterns put between brand and noun; {L} = a letter, {n} = a number; "" = none */
  models: string[];
  selling: string[];
  attrs: Array<{ name: string; values: string[] }>;
}

export interface LeafDef {
  name: string;
  kind: string;
  /** price range in yuan */
  price: [number, number];
  /** product nouns used in goods names; each contains the searchable word (蓝牙耳机, 手机…) */
  nouns: string[];
  brands: string[];
  /** leaf-specific specs replacing the kind's (same format as a kind's specs) */
  specs?: SpecDef[];
}

export interface SubDef {
  name: string;
  short: string;
  leaves: LeafDef[];
}

export interface TopDef {
  name: string;
  short: string;
  /** theme colour of the category's images and floor */
  color: string;
  subs: SubDef[];
}

const words = (text: string, separator = /\s+/) => text.split(separator).map((word) => word.trim()).filter(Boolean);

/** "颜色=黑色,白色:2-3:0.1; 尺码=S,M,L:3-3" → specs (pick defaults to 1-2, price step to 0). */
export function parseSpecs(text: string): SpecDef[] {
  return words(text, /;/).map((entry) => {
    const [head = "", range = "1-2", step = "0"] = entry.split(":");
    const [name = "", values = ""] = head.split("=");
    const [min = 1, max = 2] = range.split("-").map(Number);
    return { name: name.trim(), values: words(values, /,/), pick: [min, max], priceStep: Number(step) };
  });
}

/** "屏幕尺寸=6.1英寸,6.7英寸; 网络制式=5G全网通" → attributes. */
export function parseAttrs(text: string): KindDef["attrs"] {
  return words(text, /;/).map((entry) => {
    const [name = "", values = ""] = entry.split("=");
    return { name: name.trim(), values: words(values, /,/) };
  });
}

export interface KindSource {
  unit: string;
  specs: string;
  models?: string;
  selling: string;
  attrs: string;
}

/** A product kind from its compact description: lists are "|"-separated, specs/attrs as above. */
export function kind(source: KindSource): KindDef {
  return {
    unit: source.unit,
    specs: parseSpecs(source.specs),
    models: source.models === undefined ? [""] : source.models.split("|").map((model) => model.trim()),
    selling: words(source.selling, /\|/),
    attrs: parseAttrs(source.attrs),
  };
}

export const top = (name: string, short: string, color: string, subs: SubDef[]): TopDef => ({ name, short, color, subs });

/** A level-2 category; `brands` (space-separated) is the default brand list of its leaves. */
export function sub(name: string, short: string, brands: string, leaves: Array<(brands: string[]) => LeafDef>): SubDef {
  const brandList = words(brands);
  return { name, short, leaves: leaves.map((make) => make(brandList)) };
}

export interface LeafOptions {
  /** overrides the level-2 brand list (space-separated) */
  brands?: string;
  /** overrides the kind's specs (parseSpecs format) */
  specs?: string;
}

/** A level-3 category: its name is also its short name; nouns are space-separated. */
export const leaf =
  (name: string, kindName: string, price: [number, number], nouns: string, options: LeafOptions = {}) =>
  (subBrands: string[]): LeafDef => ({
    name,
    kind: kindName,
    price,
    nouns: words(nouns),
    brands: options.brands ? words(options.brands) : subBrands,
    ...(options.specs ? { specs: parseSpecs(options.specs) } : {}),
  });
