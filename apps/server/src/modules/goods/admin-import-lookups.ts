import type { Db } from "../../db/unit-of-work.ts";
import { readSetting } from "../site/service.ts";
import { normalizePicture, splitPictures } from "./admin-form.ts";
import type { SheetRow } from "./admin-import-sheet.ts";

/**
 * What the import sheet names and the shop must have, read once per workbook: categories (by name
 * path or id), brands and freight templates (by name or id), the pictures it may use, the SKU
 * numbers already taken. Also the choices the template lists and the names the export writes.
 */
export interface ImportLookups {
  /** "服装/男装/T恤" (also with > or ／) or a category id → the path of ids, level 1 first */
  categoryPath(text: string): number[] | undefined;
  brand(text: string): number | undefined;
  template(text: string): number | undefined;
  /** the shop's default goods picture (设置 default_img.goods), "" when none */
  defaultPicture: string;
  /**
   * Pictures an imported goods may show: a goods picture any staff member uploaded
   * (/shopapi/upload/goodsimg), or one a goods of the shop shows already — never a member's upload
   * or an outside address. (The editor takes only the editing staff member's own uploads; a
   * spreadsheet moves catalogue pictures between goods, exports included.)
   */
  pictures: ReadonlySet<string>;
}

const CHUNK = 500;
const chunks = <T>(items: T[]): T[][] => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, index) => items.slice(index * CHUNK, (index + 1) * CHUNK));
const isId = (text: string) => /^\d{1,9}$/.test(text);
const pathKey = (text: string) => text.split(/\s*[/>＞／]\s*/).filter(Boolean).join("/");

export interface Catalogue {
  /** category id → its names path "一级/二级/三级" and ids path */
  categories: Map<number, { path: string; ids: number[] }>;
  brands: Array<{ id: number; name: string }>;
  templates: Array<{ id: number; name: string }>;
}

/** Categories with their paths, brands and freight templates (all: a shop has hundreds, not millions). */
export async function readCatalogue(db: Db): Promise<Catalogue> {
  const rows = await db.selectFrom("goods_category").select(["category_id", "pid", "category_name"]).orderBy("sort").orderBy("category_id").execute();
  const byId = new Map(rows.map((row) => [row.category_id, row]));
  const categories = new Map<number, { path: string; ids: number[] }>();
  for (const row of rows) {
    const ids: number[] = [];
    for (let at: typeof row | undefined = row; at && ids.length < 3; at = at.pid ? byId.get(at.pid) : undefined) ids.unshift(at.category_id);
    categories.set(row.category_id, { ids, path: ids.map((id) => byId.get(id)!.category_name.trim()).join("/") });
  }
  const brands = (await db.selectFrom("goods_brand").select(["brand_id", "brand_name"]).orderBy("brand_id").execute()).map((row) => ({ id: row.brand_id, name: row.brand_name.trim() }));
  const templates = (await db.selectFrom("express_template").select(["template_id", "template_name"]).orderBy("template_id").execute()).map((row) => ({ id: row.template_id, name: row.template_name.trim() }));
  return { categories, brands, templates };
}

/** By id, else by name (the first of equal names). */
function byIdOrName(items: Array<{ id: number; name: string }>): (text: string) => number | undefined {
  const ids = new Set(items.map((item) => item.id));
  const names = new Map<string, number>();
  for (const item of items) if (!names.has(item.name)) names.set(item.name, item.id);
  return (text) => (isId(text) && ids.has(Number(text)) ? Number(text) : names.get(text.trim()));
}

/** Of `paths`, those a goods of the shop shows (its pictures, its SKUs' pictures): read only when some are not staff uploads. */
async function shownByGoods(db: Db, paths: string[]): Promise<string[]> {
  if (paths.length === 0) return [];
  const shown = new Set<string>();
  for (let after = 0; ; ) {
    const page = await db.selectFrom("goods").select(["goods_id", "goods_image"]).where("goods_id", ">", after).orderBy("goods_id").limit(5000).execute();
    for (const row of page) for (const path of splitPictures(row.goods_image)) shown.add(path);
    if (page.length < 5000) break;
    after = page.at(-1)!.goods_id;
  }
  const left = paths.filter((path) => !shown.has(path));
  for (const part of chunks(left)) {
    const skus = await db.selectFrom("goods_sku").select("sku_image").where("sku_image", "in", part).execute();
    for (const sku of skus) shown.add(normalizePicture(sku.sku_image));
  }
  return paths.filter((path) => shown.has(path));
}

export async function readLookups(db: Db, catalogue: Catalogue, rows: SheetRow[]): Promise<ImportLookups> {
  const byPath = new Map<string, number[]>();
  for (const category of catalogue.categories.values()) if (!byPath.has(category.path)) byPath.set(category.path, category.ids);
  const defaultPicture = normalizePicture((await readSetting(db, "default_img")).goods ?? "");
  const wanted = [...new Set(rows.flatMap((row) => row.cells.goods_image.split(/[,，\s]+/).map(normalizePicture).filter(Boolean)))];
  const pictures = new Set<string>(defaultPicture ? [defaultPicture] : []);
  for (const part of chunks(wanted.filter((path) => path.startsWith("upload/goods/")))) {
    const uploads = await db.selectFrom("member_upload").select("path").where("kind", "=", "goods").where("member_id", "=", 0).where("path", "in", part).execute();
    for (const upload of uploads) pictures.add(upload.path);
  }
  for (const path of await shownByGoods(db, wanted.filter((path) => !pictures.has(path) && /^upload\/[\w./-]+$/.test(path) && !path.includes("..")))) pictures.add(path);
  return {
    categoryPath: (text) => (isId(text) ? catalogue.categories.get(Number(text))?.ids : byPath.get(pathKey(text))),
    brand: byIdOrName(catalogue.brands),
    template: byIdOrName(catalogue.templates),
    defaultPicture,
    pictures,
  };
}

/** Of these SKU numbers, those goods of the shop use already (any goods, the recycle bin's too: the number stays unique). */
export async function takenSkuNumbers(db: Db, numbers: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks([...new Set(numbers.filter(Boolean))])) {
    const rows = await db.selectFrom("goods_sku").select("sku_no").where("sku_no", "in", part).execute();
    for (const row of rows) taken.add(row.sku_no);
  }
  return taken;
}
