import { GOODS_IMPORT_FILE_FIELD, GOODS_IMPORT_MAX_ERRORS, XLSX_CONTENT_TYPE, type GoodsImportReport } from "@shop/contract/domains/goods-admin-import";
import { Code } from "@shop/contract/codes";
import type { StaffContext } from "../../core/context.ts";
import { BizError, fail } from "../../core/errors.ts";
import { FileAnswer, type UploadedFile } from "../../core/file-calls.ts";
import { now } from "../../core/time.ts";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { goodsChanged } from "./admin-change.ts";
import { prepareGoods, type PreparedGoods } from "./admin-form.ts";
import { checkSkuNumbers, columnOfRefusal, goodsForm, RowErrors } from "./admin-import-form.ts";
import { readCatalogue, readLookups, takenSkuNumbers } from "./admin-import-lookups.ts";
import { readGoodsSheet, templateWorkbook, type ColumnKey, type SheetRow } from "./admin-import-sheet.ts";

/**
 * The Excel import of goods (/shopapi/goods/importtemplate and /shopapi/goods/import; the sheet's
 * format: admin-import-sheet.ts). Every row is checked by the goods editor's own rules (the form's
 * schema, then prepareGoods); a dry run answers the report and saves nothing.
 *
 * Bad rows: as in Niushop's import, the good goods are imported and the bad rows reported; a goods
 * is saved whole or not at all, so a bad row keeps its whole goods (all its SKU rows) out, each of
 * its rows reported. The import checks first, outside any transaction (a 10,000-row check must not
 * hold the write lock), then saves every good goods in one unit of work: the SKU numbers checked
 * again inside it (taken meanwhile → that goods is reported, not saved), the goods and their SKUs,
 * one staff_log row (goods.import: file name and counts), the search index and cache purge of all
 * the new goods at once (goodsChanged).
 */
type Caller = Pick<StaffContext, "staff" | "ip" | "dialect">;

interface CheckedGoods {
  prepared: PreparedGoods;
  rows: SheetRow[];
}

interface Checked {
  rows: SheetRow[];
  goods: CheckedGoods[];
  errors: RowErrors;
}

/** Rows of the same 商品编号 form one goods; a row without one is a goods of its own. Goods in the order of their first row. */
function groupRows(rows: SheetRow[]): SheetRow[][] {
  const groups = new Map<string, SheetRow[]>();
  for (const row of rows) {
    const key = row.cells.goods_key ? `key:${row.cells.goods_key}` : `line:${row.line}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()];
}

/** A goods left out because of another of its rows: each good row of it says so. */
function reportSiblings(group: SheetRow[], errors: RowErrors): void {
  const bad = group.filter((row) => errors.lines.has(row.line)).map((row) => row.line);
  if (bad.length === 0 || bad.length === group.length) return;
  for (const row of group) if (!bad.includes(row.line)) errors.add(row.line, "goods_key", `同一商品的第 ${bad.join("、")} 行有误，整件商品未导入`);
}

/** Goods checked by the editor's rules at once (each a few reads): PostgreSQL answers them on several pooled connections. */
const PARALLEL_CHECKS = 4;

async function checkRows(db: Db, staffId: number, rows: SheetRow[]): Promise<Checked> {
  const errors = new RowErrors();
  const lookups = await readLookups(db, await readCatalogue(db), rows);
  checkSkuNumbers(rows, await takenSkuNumbers(db, rows.map((row) => row.cells.sku_no)), errors);
  const forms = groupRows(rows).map((group) => ({ group, input: goodsForm(group, lookups, errors) }));
  const prepared: Array<PreparedGoods | undefined> = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < forms.length; index = next++) {
      const { group, input } = forms[index]!;
      if (!input) continue;
      try {
        prepared[index] = await prepareGoods(db, staffId, input, { goodsId: 0, pictures: lookups.pictures });
      } catch (error) {
        if (!(error instanceof BizError)) throw error;
        const { column, reason } = columnOfRefusal(error.message);
        errors.add(group[0]!.line, column, reason);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_CHECKS }, worker));
  forms.forEach(({ group }) => reportSiblings(group, errors));
  const goods = forms.flatMap(({ group }, index) => (prepared[index] ? [{ prepared: prepared[index], rows: group }] : []));
  return { rows, goods, errors };
}

function report(checked: Checked, dryRun: boolean, imported: number): GoodsImportReport {
  const sorted = [...checked.errors.list].sort((a, b) => a.line - b.line || a.order - b.order);
  const valid = checked.goods.filter((goods) => !goods.rows.some((row) => checked.errors.lines.has(row.line)));
  return {
    dry_run: dryRun ? 1 : 0,
    total: checked.rows.length,
    valid: valid.reduce((sum, goods) => sum + goods.rows.length, 0),
    goods_valid: valid.length,
    imported,
    errors: sorted.slice(0, GOODS_IMPORT_MAX_ERRORS).map(({ line, field, reason }) => ({ line, field, reason })),
    error_count: sorted.length,
  };
}

const CHUNK = 500;

/** Saves the checked goods in one unit of work; answers how many were saved. */
async function saveGoods(db: Db, caller: Caller, checked: Checked, fileName: string): Promise<number> {
  return unitOfWork(db, async (tx) => {
    const at = now();
    // Numbers taken since the check (another import, an editor): that goods is reported, not saved.
    const taken = await takenSkuNumbers(tx, checked.goods.flatMap((goods) => goods.prepared.skus.map((sku) => sku.sku_no)));
    const saving = checked.goods.filter((goods) => {
      const clash = goods.rows.find((row) => taken.has(row.cells.sku_no));
      if (!clash) return true;
      checked.errors.add(clash.line, "sku_no", `SKU编码「${clash.cells.sku_no}」已被本店其他商品使用`);
      reportSiblings(goods.rows, checked.errors);
      return false;
    });
    const goodsIds: number[] = [];
    const skuRows = [];
    for (const { prepared } of saving) {
      const { goods_id } = await tx
        .insertInto("goods")
        .values({ ...prepared.goods, sale_num: 0, evaluate: 0, collect_num: 0, click_num: 0, is_delete: 0, create_time: at, modify_time: at })
        .returning("goods_id")
        .executeTakeFirstOrThrow();
      goodsIds.push(goods_id);
      for (const { sku_id: _new, ...sku } of prepared.skus) skuRows.push({ ...sku, goods_id, sale_num: 0, create_time: at });
    }
    for (let start = 0; start < skuRows.length; start += CHUNK) await tx.insertInto("goods_sku").values(skuRows.slice(start, start + CHUNK)).execute();
    if (goodsIds.length > 0) {
      const target = goodsIds.length === 1 ? String(goodsIds[0]) : `${goodsIds[0]}-${goodsIds.at(-1)}`;
      await logStaffAction(tx, caller, "goods.import", { type: "goods", id: target }, {
        file_name: fileName, goods: goodsIds.length, skus: skuRows.length, rows: checked.rows.length, bad_rows: checked.errors.lines.size,
      });
      await goodsChanged(tx, caller.dialect, goodsIds);
    }
    return goodsIds.length;
  });
}

/** /shopapi/goods/import: the report of the workbook's rows; unless a dry run, the good goods saved. */
export async function importGoodsWorkbook(db: Db, caller: Caller, file: UploadedFile | undefined, dryRun: boolean): Promise<GoodsImportReport> {
  if (!file) return fail(`请上传 Excel 文件（multipart/form-data，文件字段 ${GOODS_IMPORT_FILE_FIELD}）`, Code.PARAM);
  const rows = await readGoodsSheet(file.bytes);
  const checked = await checkRows(db, caller.staff.staff_id, rows);
  if (dryRun) return report(checked, true, 0);
  const imported = checked.goods.length > 0 ? await saveGoods(db, caller, checked, file.filename) : 0;
  return report(checked, false, imported);
}

/** /shopapi/goods/importtemplate: the template with the shop's categories, brands and freight templates, and example rows in its first category. */
export async function importTemplate(db: Db): Promise<FileAnswer> {
  const catalogue = await readCatalogue(db);
  const categories = [...catalogue.categories.entries()].map(([id, category]) => ({ id, path: category.path }));
  const leaf = categories.find((category) => category.path.split("/").length === 3) ?? categories[0];
  const example = (cells: Partial<Record<ColumnKey, string>>) => ({ category: leaf?.path ?? "", unit: "件", trade_type: "快递", free_shipping: "是", on_sale: "是", ...cells });
  const shirt = { goods_key: "A001", goods_name: "示例：纯棉短袖T恤", goods_class: "实物", brand: catalogue.brands[0]?.name ?? "", keywords: "T恤,纯棉", introduction: "夏季新款，透气舒适" };
  const buffer = await templateWorkbook({
    categories,
    brands: catalogue.brands,
    templates: catalogue.templates,
    examples: [
      example({ ...shirt, spec: "颜色:白色;尺码:M", price: "59.00", market_price: "99.00", cost_price: "30.00", stock: "100", stock_alarm: "10", weight: "0.25" }),
      { goods_key: "A001", spec: "颜色:黑色;尺码:M", price: "59.00", market_price: "99.00", cost_price: "30.00", stock: "80", stock_alarm: "10", weight: "0.25" },
      example({ goods_name: "示例：不锈钢保温杯", goods_class: "实物", price: "39.90", stock: "200", weight: "0.4", keywords: "保温杯" }),
    ],
  });
  return new FileAnswer("商品导入模板.xlsx", XLSX_CONTENT_TYPE, buffer);
}
