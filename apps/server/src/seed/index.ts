import type { Kysely } from "kysely";
import type { AppDeps } from "../core/context.ts";
import type { DB, NewRow } from "../db/schema.ts";
import { buildCatalog, type Catalog } from "./catalog.ts";
import { generateGoods } from "./goods.ts";
import { buildAds } from "./ads.ts";
import { buildCms } from "./content.ts";
import { buildFloors } from "./floors.ts";
import { buildFriendlyLinks, buildGoodsServices, buildNav, buildStores, withRegionIds } from "./site-lists.ts";
import { buildConfig } from "./site-config.ts";
import { buildAccounts, MEMBER_LEVELS, seedCredentials } from "./members.ts";
import { SeedImages } from "./images.ts";
import { renderImages } from "./image-store.ts";
import { insertRows, isCatalogEmpty, resetSequences } from "./db-write.ts";
import { createProgress, type Progress } from "./progress.ts";
import { seedEvaluations } from "./evaluations.ts";
import { seedCheckout } from "./checkout.ts";
import { seedOrders } from "./orders.ts";
import { seedRefunds } from "./refunds.ts";
import { seedVerification } from "./verify.ts";
import { seedCoupons } from "./coupons.ts";
import { seedGroupbuyBundling } from "./groupbuy-bundling.ts";
import { seedSeckill } from "./seckill.ts";
import { seedLevelsSignin } from "./levels-signin.ts";
import { seedRecharge } from "./recharge.ts";
import { seedWithdrawals } from "./withdraw.ts";
import { seedMemberSocial } from "./member-social.ts";
import { seedChat } from "./chat.ts";
import { rebuildSearchIndex } from "../modules/search/search-index.ts";

export interface SeedOptions {
  /** exact number of SKUs to create */
  skus: number;
  /** receives output text: whole lines ending in "\n" (and "\r" redraws when `tty`) */
  log: (line: string) => void;
  /** draw a progress bar instead of printing a line every 10% */
  tty?: boolean;
  /** where rendered pictures are cached (default: DATA_DIR/seed-image-cache, or $SEED_IMAGE_CACHE) */
  imageCacheDir?: string;
}

/** The seed only needs the database and the data directory. */
export type SeedDeps = Pick<AppDeps, "db" | "dialect" | "config">;

export interface SeedSummary {
  goods: number;
  skus: number;
  categories: number;
  brands: number;
  images: number;
  imagesRendered: number;
  milliseconds: number;
}

/** Fills an empty database (no goods categories yet) with the deterministic demo data; true if it did. */
export async function seedIfEmpty(deps: SeedDeps, options: SeedOptions): Promise<boolean> {
  if (!(await isCatalogEmpty(deps.db))) return false;
  await seedDatabase(deps, options);
  return true;
}

/** Goods rows are written in chunks of this many goods (their SKUs with them). */
const GOODS_CHUNK = 500;

/**
 * Writes the whole demo data set in one transaction: a failure leaves the database empty, so the
 * next start seeds again. Pictures are rendered last, inside the transaction for the same reason.
 */
export async function seedDatabase(deps: SeedDeps, options: SeedOptions): Promise<SeedSummary> {
  const started = Date.now();
  const progress = createProgress(options.log, options.tty ?? false);
  const credentials = seedCredentials();
  const images = new SeedImages();

  progress.phase(`生成演示数据（${options.skus} 个 SKU，${deps.dialect === "postgres" ? "PostgreSQL" : "SQLite"}）`);
  const catalog = buildCatalog(images, picturesPerLeaf(options.skus));
  const ads = buildAds(images, catalog.tops);
  const cms = buildCms(images);
  const services = buildGoodsServices(images);
  const stores = buildStores(images);
  const config = await buildConfig(images);
  const accounts = await buildAccounts(credentials, config.values.default_img.head);

  const summary = await deps.db.transaction().execute(async (trx) => {
    progress.phase(`写入分类 ${catalog.categories.length} 个、品牌 ${catalog.brands.length} 个、站点内容与配置`);
    await insertRows(trx, "goods_category", catalog.categories);
    await insertRows(trx, "goods_brand", catalog.brands);
    await insertRows(trx, "adv_position", ads.positions);
    await insertRows(trx, "adv", ads.ads);
    await insertRows(trx, "pc_nav", buildNav());
    await insertRows(trx, "pc_friendly_link", buildFriendlyLinks());
    await insertRows(trx, "goods_service", services);
    await insertRows(trx, "help_class", cms.helpClasses);
    await insertRows(trx, "help", cms.helps);
    await insertRows(trx, "notice", cms.notices);
    await insertRows(trx, "article_category", cms.articleCategories);
    await insertRows(trx, "article", cms.articles);
    await insertRows(trx, "store", await withRegionIds(trx, stores));
    await insertRows(trx, "config", config.rows);
    await insertRows(trx, "member_level", MEMBER_LEVELS);
    await insertRows(trx, "member", accounts.members);
    await insertRows(trx, "staff", accounts.staff);

    progress.phase("写入商品与 SKU");
    const written = await writeGoods(trx, catalog, options.skus, progress, images);
    progress.line("▶ 写入商品评价");
    await seedEvaluations(trx);
    await seedCheckout(trx);
    await seedOrders(trx);
    await seedRefunds(trx);
    await seedVerification(trx);
    await seedCoupons(trx);
    await seedGroupbuyBundling(trx);
    await seedSeckill(trx);
    await seedLevelsSignin(trx);
    await seedRecharge(trx);
    await seedWithdrawals(trx);
    await seedMemberSocial(trx);
    await seedChat(trx);
    await rebuildSearchIndex(trx, deps.dialect);
    await insertRows(trx, "pc_floor", buildFloors(images, catalog.tops, written.goodsByTop));
    await resetSequences(trx, deps.dialect);

    progress.phase("生成图片（已生成的直接复用）");
    const rendered = await renderImages(images.jobs, {
      dataDir: deps.config.dataDir,
      cacheDir: options.imageCacheDir,
      onProgress: (done, total) => progress.step("图片", done, total),
    });
    if (!rendered.cjkFont) progress.line("⚠ 未找到中文字体（Debian: apt-get install fonts-noto-cjk），图片中的文字会显示为方框");
    return { ...written.counts, categories: catalog.categories.length, brands: catalog.brands.length, images: rendered.total, imagesRendered: rendered.rendered };
  });

  const milliseconds = Date.now() - started;
  progress.line(
    `✔ 演示数据已生成：商品 ${summary.goods} 个，SKU ${summary.skus} 个，图片 ${summary.images} 张（新绘制 ${summary.imagesRendered} 张），用时 ${(milliseconds / 1000).toFixed(1)} 秒`,
  );
  progress.line(`  演示会员：${credentials.demo.username} / ${credentials.demo.password}`);
  progress.line(`  管理员：${credentials.admin.username} / ${credentials.admin.password}`);
  progress.line(`  客服：${credentials.servicer.username} / ${credentials.servicer.password}`);
  return { ...summary, milliseconds };
}

/** How many pooled pictures each leaf category gets: a few hundred in all, whatever the size. */
function picturesPerLeaf(skus: number): number {
  if (skus <= 500) return 1;
  if (skus <= 10_000) return 2;
  return 3;
}

/** Goods ids kept per level-1 category for the home floors. */
const FLOOR_GOODS_PER_TOP = 16;

async function writeGoods(db: Kysely<DB>, catalog: Catalog, totalSkus: number, progress: Progress, images: SeedImages) {
  const goodsByTop = new Map<number, number[]>();
  const counts = { goods: 0, skus: 0 };
  let goodsRows: NewRow<"goods">[] = [];
  let skuRows: NewRow<"goods_sku">[] = [];
  const flush = async () => {
    await insertRows(db, "goods", goodsRows);
    await insertRows(db, "goods_sku", skuRows);
    goodsRows = [];
    skuRows = [];
    progress.step("SKU", counts.skus, totalSkus);
  };
  for (const { goods, skus, leaf } of generateGoods(catalog, totalSkus)) {
    goodsRows.push(goods);
    skuRows.push(...skus);
    for (const picture of (goods.goods_image as string).split(",")) images.use(picture);
    counts.goods += 1;
    counts.skus += skus.length;
    const sample = goodsByTop.get(leaf.path[0]) ?? [];
    if (sample.length < FLOOR_GOODS_PER_TOP) goodsByTop.set(leaf.path[0], [...sample, goods.goods_id as number]);
    if (goodsRows.length >= GOODS_CHUNK) await flush();
  }
  await flush();
  return { goodsByTop, counts };
}
