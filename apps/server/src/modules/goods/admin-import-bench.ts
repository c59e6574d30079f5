/**
 * Times the Excel import of goods (/shopapi/goods/import) with a generated 10,000-row workbook —
 * a dry run, then the import — and the export of the whole catalogue, in-process (app.inject), on
 * SQLite or, with TEST_DATABASE_URL, PostgreSQL (a fresh schema, seeded like the tests):
 *   node --import tsx apps/server/src/modules/goods/admin-import-bench.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx apps/server/src/modules/goods/admin-import-bench.ts
 * (add --expose-gc for the export's live heap, see peakHeap)
 * ROWS (default 10000) rows: 40% goods of one SKU, the rest goods of three. EXPORT_SKUS (default
 * 100000): before the export the SKUs are copied (without numbers) until the catalogue has that many,
 * and the export's peak heap is sampled. Prints a markdown row (bench/results.md, "Back office: goods import").
 */
import { sql } from "kysely";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { staffToken } from "../staff/testing.ts";
import { seededCategoryPath } from "./admin-testing.ts";
import { download, goodsWorkbook, postImport, type SheetCells } from "./admin-import-testing.ts";

const ROWS = Number(process.env.ROWS ?? 10_000);
const EXPORT_SKUS = Number(process.env.EXPORT_SKUS ?? 100_000);

const skuCount = async (t: TestApp) => Number((await t.app.deps.db.selectFrom("goods_sku").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

/** Copies SKUs (without a SKU number, not default) until there are `target`. */
async function growCatalogue(t: TestApp, target: number): Promise<number> {
  for (let count = await skuCount(t); count < target; count = await skuCount(t)) {
    await sql`insert into goods_sku (goods_id, sku_name, sku_no, sku_spec_format, spec_name, price_cents, market_price_cents, discount_price_cents,
        cost_price_cents, stock, stock_alarm, sale_num, sku_image, sku_images, weight, volume, is_default, create_time)
      select goods_id, sku_name, '', sku_spec_format, spec_name, price_cents, market_price_cents, discount_price_cents,
        cost_price_cents, stock, stock_alarm, sale_num, sku_image, sku_images, weight, volume, 0, create_time from goods_sku
      order by sku_id limit ${target - count}`.execute(t.app.deps.db);
  }
  return skuCount(t);
}

/**
 * Runs `work` sampling the heap: its peak above the heap at the start. Without `--expose-gc` every
 * 50 ms, garbage included; with it, every second after a full collection (what is live).
 */
async function peakHeap<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  const timer = setInterval(() => {
    gc?.();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, gc ? 1000 : 50);
  try {
    return { result: await work(), peak: peak - start };
  } finally {
    clearInterval(timer);
  }
}

function rowsOf(categoryPath: string, total: number): SheetCells[] {
  const rows: SheetCells[] = [];
  const singles = Math.round(total * 0.4);
  for (let index = 0; index < singles; index += 1) {
    rows.push({ goods_name: `压测单品${index}`, category: categoryPath, price: 10 + (index % 90), market_price: 199, stock: 100, sku_no: `BENCH-S${index}`, unit: "件", keywords: "压测" });
  }
  for (let goods = 0; rows.length < total; goods += 1) {
    for (const size of ["S", "M", "L"]) {
      if (rows.length >= total) break;
      rows.push({
        goods_key: `G${goods}`, ...(size === "S" ? { goods_name: `压测多规格${goods}`, category: categoryPath } : {}),
        spec: `颜色:黑色;尺码:${size}`, price: 59.9, stock: 30, stock_alarm: 5, sku_no: `BENCH-G${goods}${size}`,
      });
    }
  }
  return rows;
}

/** Wall-clock seconds since `started`, and this process's CPU seconds since `cpu` (the machine may be shared). */
const seconds = (started: number, cpu?: NodeJS.CpuUsage) => {
  const wall = ((performance.now() - started) / 1000).toFixed(1);
  if (!cpu) return wall;
  const used = process.cpuUsage(cpu);
  return `${wall} (CPU ${((used.user + used.system) / 1e6).toFixed(1)})`;
};
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function main(): Promise<void> {
  const t = await startTestApp({ seed: Number(process.env.SEED_SKUS ?? 2000) });
  try {
    const token = await staffToken(t, "admin");
    const ids = await seededCategoryPath(t);
    const names = await t.app.deps.db.selectFrom("goods_category").select(["category_id", "category_name"]).where("category_id", "in", ids).execute();
    const categoryPath = ids.map((id) => names.find((row) => row.category_id === id)!.category_name).join("/");

    let started = performance.now();
    const workbook = await goodsWorkbook(rowsOf(categoryPath, ROWS));
    const built = seconds(started);

    started = performance.now();
    let cpu = process.cpuUsage();
    const dry = await postImport(t, workbook, { token, dryRun: true });
    const dryTime = seconds(started, cpu);
    if (dry.code !== 0 || dry.data.error_count > 0) throw new Error(`dry run: ${dry.message} ${JSON.stringify(dry.data?.errors?.slice(0, 3))}`);

    started = performance.now();
    cpu = process.cpuUsage();
    const done = await postImport(t, workbook, { token });
    const importTime = seconds(started, cpu);
    if (done.code !== 0 || done.data.imported !== dry.data.goods_valid) throw new Error(`import: ${done.message}`);

    const skus = await growCatalogue(t, EXPORT_SKUS);
    started = performance.now();
    cpu = process.cpuUsage();
    const { result: file, peak } = await peakHeap(() => download(t, "/shopapi/goods/exportgoods", {}, token));
    const exportTime = seconds(started, cpu);
    if (file.status !== 200 || file.envelope) throw new Error(`export: ${file.envelope?.message}`);

    console.log("| database | rows (goods) | workbook | dry run | import | export (SKUs, file) |");
    console.log("|---|---|---|---|---|---|");
    console.log(
      `| ${usingPostgres() ? "PostgreSQL" : "SQLite"} | ${ROWS} (${done.data.imported}) | ${megabytes(workbook.length)} MB, built in ${built} s | ${dryTime} s | ${importTime} s | ` +
        `${exportTime} s (${skus} SKUs, ${megabytes(file.bytes.length)} MB file; heap peak +${megabytes(peak)} MB${(globalThis as { gc?: unknown }).gc ? " live" : ""}) |`,
    );
  } finally {
    await t.close();
  }
}

void main();
