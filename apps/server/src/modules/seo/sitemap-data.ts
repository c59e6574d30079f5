import type { Kysely } from "kysely";
import { SITEMAP_MAX_URLS, type CategoryNode, type Page, type SitemapCategory, type SitemapGoods, type SitemapOverview } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { getCategoryTree } from "../goods/category.ts";
import { goodsWithDefaultSku } from "../goods/goods-card.ts";

/** Goods pages of the sitemap: goods on sale with their default SKU, as everywhere else (goods-card.ts). */
const onShelfGoods = goodsWithDefaultSku;

async function countOnShelfGoods(db: Kysely<DB>): Promise<number> {
  const row = await onShelfGoods(db).select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow();
  return Number(row.count);
}

const flatten = (nodes: CategoryNode[]): SitemapCategory[] =>
  nodes.flatMap((node) => [{ category_id: node.category_id, level: node.level }, ...flatten(node.child_list)]);

export async function getSitemapOverview(db: Kysely<DB>): Promise<SitemapOverview> {
  const [tree, articles, goods] = await Promise.all([
    // The tree leaves out hidden categories and their subtrees, as the storefront does.
    getCategoryTree(db, 3),
    db.selectFrom("article").select(["article_id", "create_time"]).orderBy("article_id").execute(),
    countOnShelfGoods(db),
  ]);
  return { categories: flatten(tree), articles, goods_count: goods };
}

/**
 * One sitemap file's worth of goods (SITEMAP_MAX_URLS, more than paginate's page cap allows),
 * by goods id so the files stay stable as goods are added.
 */
export async function pageSitemapGoods(db: Kysely<DB>, page: number): Promise<Page<SitemapGoods>> {
  const list = await onShelfGoods(db)
    .select(["sku.sku_id", "goods.modify_time"])
    .orderBy("goods.goods_id")
    .limit(SITEMAP_MAX_URLS)
    .offset((page - 1) * SITEMAP_MAX_URLS)
    .execute();
  // A short first page holds everything: the count query (a second scan) is only needed beyond it.
  const count = page === 1 && list.length < SITEMAP_MAX_URLS ? list.length : await countOnShelfGoods(db);
  return { page_count: Math.ceil(count / SITEMAP_MAX_URLS), count, list };
}
