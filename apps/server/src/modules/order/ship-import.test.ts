import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { ORDER_IMPORT_MAX_ROWS, type Envelope, type OrderImportReport } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { download } from "../goods/admin-import-testing.ts";
import { multipartBody } from "../upload/test-helpers.ts";
import { OrderType } from "./state-machine.ts";
import { createTestOrder, insertExpressCompany, loginTestStaff, payTestOrder, type TestOrder, type TestOrderInput } from "./test-fixtures.ts";

type Row = { order_no?: string | number; company?: string; delivery_no?: string };

/** A filled shipping sheet: the template's read columns (订单编号, 物流公司, 物流单号), then `rows`. */
async function shipWorkbook(rows: Row[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("待发货订单");
  sheet.addRow(["订单编号*", "收件人姓名", "物流公司*", "物流单号*"]);
  for (const row of rows) sheet.addRow([row.order_no ?? null, "张三", row.company ?? null, row.delivery_no ?? null]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** 批量发货 by Excel (/shopapi/orderimportfile/exportdeliveryorder, /importorder): template, dry run, shipping, refusals. */
describe("batch shipping from an Excel of tracking numbers", () => {
  let t: TestApp;
  let member: TestMember;
  let admin: string;
  let servicer: string;
  let sku: number;
  const company = `顺丰${process.pid}`;
  const code = `SF${process.pid}`;
  const orders: Record<string, TestOrder> = {};

  const db = () => t.app.deps.db;
  const post = async (bytes: Uint8Array, options: { dryRun?: boolean; token?: string; filename?: string; contentType?: string } = {}) => {
    const { payload, contentType } = await multipartBody({ dry_run: options.dryRun ? "1" : "0", token: options.token ?? admin }, [
      { bytes, field: "xlsx", filename: options.filename ?? "批量发货.xlsx", contentType: options.contentType ?? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
    ]);
    const response = await t.app.inject({ method: "POST", url: "/shopapi/orderimportfile/importorder", payload, headers: { "content-type": contentType } });
    return response.json() as Envelope<OrderImportReport>;
  };
  const paid = async (extra: Partial<TestOrderInput> = {}) => {
    const created = await createTestOrder(db(), { memberId: member.member_id, lines: [{ skuId: sku, num: 1 }], ...extra });
    await payTestOrder(db(), created);
    return created;
  };
  const statusOf = async (order: TestOrder) => (await db().selectFrom("orders").select("order_status").where("order_id", "=", order.orderId).executeTakeFirstOrThrow()).order_status;
  const packagesOf = (order: TestOrder) => db().selectFrom("order_package").select(["express_company_name", "delivery_no"]).where("order_id", "=", order.orderId).execute();

  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
    admin = await loginTestStaff(t, "admin");
    servicer = await loginTestStaff(t, "servicer");
    sku = (await insertGoods(db(), `批量发货${process.pid}保温杯`, { goods: { price_cents: 3990, goods_stock: 500 } })).skuIds[0]!;
    await insertExpressCompany(db(), company, code);
    orders.first = await paid();
    orders.second = await paid();
    orders.local = await paid({ orderType: OrderType.LOCAL });
    orders.badCompany = await paid();
    orders.noNumber = await paid();
    orders.pickup = await paid({ orderType: OrderType.PICKUP, verifyCode: `P${Date.now()}${process.pid}`.slice(0, 18) });
    orders.virtual = await paid({ orderType: OrderType.VIRTUAL, verifyCode: `V${Date.now()}${process.pid}`.slice(0, 18) });
    orders.unpaid = await createTestOrder(db(), { memberId: member.member_id, lines: [{ skuId: sku, num: 1 }] });
  });
  afterAll(() => t?.close());

  /** Lines 2–11 of the sheet: three good rows, then one of each refusal. */
  const sheetRows = (): Row[] => [
    { order_no: orders.first!.orderNo, company, delivery_no: `SF${process.pid}0001` },
    { order_no: orders.second!.orderNo, company: code.toLowerCase(), delivery_no: `SF${process.pid}0002` },
    { order_no: orders.local!.orderNo, company, delivery_no: `SF${process.pid}0003` },
    { order_no: orders.badCompany!.orderNo, company: "不存在快递", delivery_no: "X1" },
    { order_no: orders.noNumber!.orderNo, company },
    { order_no: orders.pickup!.orderNo, company, delivery_no: "P1" },
    { order_no: orders.virtual!.orderNo, company, delivery_no: "V1" },
    { order_no: orders.unpaid!.orderNo, company, delivery_no: "U1" },
    { order_no: orders.first!.orderNo, company, delivery_no: "DUP1" },
    { order_no: "NOSUCHORDER", company, delivery_no: "N1" },
  ];
  const refusals = [
    [5, "物流公司「不存在快递」不存在，请填写「物流公司」表中的名称"],
    [6, "物流单号为空"],
    [7, "自提订单由买家到店提货，无需发货"],
    [8, "虚拟订单无需物流，不能在此发货"],
    [9, "订单当前状态为「待支付」，不能发货"],
    [10, "与第 2 行是同一订单，不能重复发货"],
    [11, "订单不存在"],
  ];

  it("downloads the template: the express and local orders waiting to ship, the companies as the 物流公司 column's drop-down", async () => {
    const file = await download(t, "/shopapi/orderimportfile/exportdeliveryorder", {}, admin);
    expect(file).toMatchObject({ status: 200, type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
    expect(file.disposition).toContain(encodeURIComponent("批量发货-待发货订单-"));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["待发货订单", "填写说明", "物流公司"]);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(["订单编号*", "订单内容", "收件人姓名", "收件人电话", "收件人地址", "物流公司*", "物流单号*"]);
    const listed: string[] = [];
    sheet.eachRow((row, line) => void (line > 1 && listed.push(String(row.getCell(1).value))));
    for (const key of ["first", "second", "local", "badCompany", "noNumber"]) expect(listed).toContain(orders[key]!.orderNo);
    for (const key of ["pickup", "virtual", "unpaid"]) expect(listed).not.toContain(orders[key]!.orderNo);
    expect(sheet.getCell("F2").dataValidation).toMatchObject({ type: "list", formulae: [expect.stringMatching(/^'物流公司'!\$A\$2:\$A\$\d+$/)] });
    const names: string[] = [];
    workbook.getWorksheet("物流公司")!.eachRow((row) => void names.push(String(row.getCell(1).value)));
    expect(names).toContain(company);
    // Refused without the permission to ship.
    expect((await download(t, "/shopapi/orderimportfile/exportdeliveryorder", {}, servicer)).envelope?.code).toBe(Code.ERROR);
  });

  it("a dry run reports each row with its line and reason and ships nothing", async () => {
    const report = await post(await shipWorkbook(sheetRows()), { dryRun: true });
    expect(report.code).toBe(0);
    expect(report.data).toMatchObject({ dry_run: 1, order_num: 10, success_num: 3, error_num: 7 });
    expect(report.data.rows.filter((row) => row.status === 0).map((row) => [row.line, row.order_id, row.express_company_name])).toEqual([
      [2, orders.first!.orderId, company],
      [3, orders.second!.orderId, company],
      [4, orders.local!.orderId, company],
    ]);
    expect(report.data.rows.filter((row) => row.status === -1).map((row) => [row.line, row.reason])).toEqual(refusals);
    for (const order of Object.values(orders)) expect(await packagesOf(order)).toEqual([]);
    expect(await statusOf(orders.first!)).toBe(1);
  });

  it("ships the good rows, each through the single ship (status, package, logs), and none of the bad ones", async () => {
    const report = await post(await shipWorkbook(sheetRows()), { filename: "今日发货.xlsx" });
    expect(report.data).toMatchObject({ dry_run: 0, order_num: 10, success_num: 3, error_num: 7 });
    expect(report.data.rows.filter((row) => row.status === -1).map((row) => [row.line, row.reason])).toEqual(refusals);
    for (const [key, number] of [["first", "0001"], ["second", "0002"], ["local", "0003"]] as const) {
      expect(await statusOf(orders[key]!)).toBe(3);
      expect(await packagesOf(orders[key]!)).toEqual([{ express_company_name: company, delivery_no: `SF${process.pid}${number}` }]);
      const shipLog = await db().selectFrom("staff_log").select("action").where("target_type", "=", "order").where("target_id", "=", String(orders[key]!.orderId)).execute();
      expect(shipLog.map((row) => row.action)).toEqual(["order.ship"]);
      const history = await db().selectFrom("order_log").select("action").where("order_id", "=", orders[key]!.orderId).execute();
      expect(history.map((row) => row.action)).toContain("ship");
    }
    for (const key of ["badCompany", "noNumber"]) {
      expect(await statusOf(orders[key]!)).toBe(1);
      expect(await packagesOf(orders[key]!)).toEqual([]);
    }
    const summary = await db().selectFrom("staff_log").select(["detail"]).where("action", "=", "order.importdelivery").execute();
    expect(summary).toHaveLength(1);
    expect(JSON.parse(summary[0]!.detail)).toMatchObject({ file_name: "今日发货.xlsx", rows: 10, shipped: 3, refused: 7 });
    // The member sees the order shipped, with its tracking number.
    const detail = await t.call<{ order_status_name: string }>("/api/order/detail", { order_id: orders.first!.orderId }, { cookie: member.cookie });
    expect(detail.data.order_status_name).toBe("已发货");
  });

  it("the same file uploaded again ships nothing twice", async () => {
    const report = await post(await shipWorkbook(sheetRows()));
    expect(report.data).toMatchObject({ success_num: 0, error_num: 10 });
    expect(report.data.rows.slice(0, 3).map((row) => row.reason)).toEqual(["订单已发货", "订单已发货", "订单已发货"]);
    for (const key of ["first", "second", "local"]) expect(await packagesOf(orders[key]!)).toHaveLength(1);
  });

  it("the same file sent twice at once ships each order once; the other import reports those rows refused (by its check, or by the single ship when both checks ran first)", async () => {
    const racing = [await paid(), await paid()];
    const file = await shipWorkbook(racing.map((order, index) => ({ order_no: order.orderNo, company, delivery_no: `RACE${process.pid}${index}` })));
    const [one, two] = await Promise.all([post(file), post(file)]);
    expect(one.data.success_num + two.data.success_num).toBe(2);
    const refused = [...one.data.rows, ...two.data.rows].filter((row) => row.status === -1);
    expect(refused).toHaveLength(2);
    for (const row of refused) expect(row.reason).toMatch(/订单已发货|不能发货|订单状态已变化/);
    for (const order of racing) {
      expect(await packagesOf(order)).toHaveLength(1);
      expect(await statusOf(order)).toBe(3);
    }
  });

  it("refuses what is no shipping sheet: no permission, not .xlsx, a missing column, no rows, too many rows, a number Excel mangled", async () => {
    const good = await shipWorkbook([{ order_no: orders.noNumber!.orderNo, company, delivery_no: "Z1" }]);
    expect((await post(good, { token: servicer })).code).toBe(Code.ERROR);
    expect(await post(Buffer.from("订单编号,物流公司,物流单号\n1,2,3"), { filename: "a.csv", contentType: "text/csv" })).toMatchObject({ code: Code.PARAM, message: "请上传 Excel 文件（.xlsx）" });
    const noColumn = new ExcelJS.Workbook();
    noColumn.addWorksheet("表").addRows([["订单编号", "物流公司"], ["1", "2"]]);
    expect(await post(Buffer.from(await noColumn.xlsx.writeBuffer()))).toMatchObject({ code: Code.PARAM, message: "表头缺少必填列：物流单号（请使用导入模板）" });
    expect(await post(await shipWorkbook([]))).toMatchObject({ code: Code.PARAM, message: "表头下没有订单行：请按模板填写后再上传" });
    const tooMany = Array.from({ length: ORDER_IMPORT_MAX_ROWS + 1 }, (_, index): Row => ({ order_no: `R${index}`, company, delivery_no: `N${index}` }));
    expect(await post(await shipWorkbook(tooMany), { dryRun: true })).toMatchObject({ code: Code.PARAM, message: `一次最多导入 ${ORDER_IMPORT_MAX_ROWS} 行，请分批导入` });
    // Typed into a cell of number format: 20 digits become 2.02612071234568E+19.
    const mangled = await post(await shipWorkbook([{ order_no: Number("20261207123456789012"), company, delivery_no: "M1" }]), { dryRun: true });
    expect(mangled.data.rows[0]!.reason).toContain("请把该列设为文本格式");
    expect(await statusOf(orders.noNumber!)).toBe(1);
  });
});
