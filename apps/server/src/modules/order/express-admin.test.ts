import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "@shop/contract";
import type { AdminExpressCompany, AdminFreightTemplate } from "@shop/contract/domains/admin-catalog";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { staffToken } from "../staff/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { expressFee, loadDefaultTemplate } from "../checkout/freight.ts";

/** /shopapi/express/*: express companies and the freight templates checkout charges by. */
describe("back office: express companies and freight templates", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await staffToken(t, "admin");
  });
  afterAll(() => t.close());

  const staffCall = async <T>(path: string, body: object) => {
    const response = await t.call<T>(path, body, { token: admin });
    expect(response.code, `${path}: ${response.message}`).toBe(0);
    return response.data;
  };
  const refusal = async (path: string, body: object) => (await t.call(path, body, { token: admin })).message;

  it("adds, lists, edits and deletes express companies", async () => {
    const { company_id } = await staffCall<{ company_id: number }>("/shopapi/express/addcompany", { company_name: "极兔速递", code: "JTSD", sort: 1 });
    await staffCall("/shopapi/express/editcompany", { company_id, company_name: "极兔快递", code: "JT", sort: 0 });
    const page = await staffCall<Page<AdminExpressCompany>>("/shopapi/express/expresscompany", { search_text: "极兔" });
    expect(page.list).toEqual([{ company_id, company_name: "极兔快递", code: "JT", sort: 0 }]);
    expect(await refusal("/shopapi/express/addcompany", { company_name: "极兔快递" })).toBe("已有名为「极兔快递」的物流公司");
    expect(await refusal("/shopapi/express/addcompany", { company_name: "坏编码", code: "J T" })).toBe("参数 code 格式不正确");
    await staffCall("/shopapi/express/deletecompany", { company_id });
    expect((await staffCall<Page<AdminExpressCompany>>("/shopapi/express/expresscompany", { search_text: "极兔" })).count).toBe(0);
  });

  const template = (template_name: string, extra: object = {}) => ({
    template_name,
    fee_type: 2,
    items: [
      { region_ids: [110000, 310000], first_unit: 1, first_fee: "6", continue_unit: 1, continue_fee: "2.5" },
      { region_ids: [], first_unit: 1, first_fee: "12.00", continue_unit: 2, continue_fee: "5" },
    ],
    ...extra,
  });
  const line = (num: number) => ({ num, weight: 0, isFreeShipping: false }) as Parameters<typeof expressFee>[2][number];

  it("keeps templates with province rules; checkout charges by the default one", async () => {
    const { template_id: first } = await staffCall<{ template_id: number }>("/shopapi/express/addtemplate", template("按件计费"));
    const list = await staffCall<AdminFreightTemplate[]>("/shopapi/express/template", {});
    const saved = list.find((row) => row.template_id === first)!;
    // The first template of a shop is its default by itself.
    expect(saved).toMatchObject({ fee_type: 2, is_default: 1 });
    expect(saved.items.map(({ region_names, first_fee, continue_fee }) => ({ region_names, first_fee, continue_fee }))).toEqual([
      { region_names: "北京市、上海市", first_fee: "6.00", continue_fee: "2.50" },
      { region_names: "其余地区", first_fee: "12.00", continue_fee: "5.00" },
    ]);
    // 3 items to Beijing: 6 + 2 × 2.5; to Guangdong: 12 + ceil(2 / 2) × 5.
    const checkoutTemplate = await loadDefaultTemplate(t.app.deps.db);
    expect(expressFee(checkoutTemplate, 110000, [line(3)])).toEqual({ deliverable: true, fee: 1100 });
    expect(expressFee(checkoutTemplate, 440000, [line(3)])).toEqual({ deliverable: true, fee: 1700 });

    const { template_id: second } = await staffCall<{ template_id: number }>("/shopapi/express/addtemplate", template("只发江浙沪", {
      is_default: 1,
      items: [{ region_ids: [310000, 320000, 330000], first_unit: 1, first_fee: "0", continue_unit: 0, continue_fee: "0" }],
    }));
    expect(expressFee(await loadDefaultTemplate(t.app.deps.db), 440000, [line(1)])).toEqual({ deliverable: false });
    expect(await refusal("/shopapi/express/deletetemplate", { template_id: second })).toBe("这是默认运费模板，请先把另一个模板设为默认再删除");
    await staffCall("/shopapi/express/defaulttemplate", { template_id: first });
    expect(expressFee(await loadDefaultTemplate(t.app.deps.db), 440000, [line(1)])).toEqual({ deliverable: true, fee: 1200 });

    await staffCall("/shopapi/express/edittemplate", { template_id: first, ...template("按件计费（改）", { items: [{ region_ids: [], first_unit: 2, first_fee: "8", continue_unit: 1, continue_fee: "1" }] }) });
    expect(expressFee(await loadDefaultTemplate(t.app.deps.db), 440000, [line(3)])).toEqual({ deliverable: true, fee: 900 });
    const { goodsId } = await insertGoods(t.app.deps.db, "用模板的商品", { goods: { shipping_template: second } });
    expect(await refusal("/shopapi/express/deletetemplate", { template_id: second })).toBe("还有 1 个商品使用该运费模板，请先为这些商品换一个模板");
    await t.app.deps.db.updateTable("goods").set({ shipping_template: 0 }).where("goods_id", "=", goodsId).execute();
    await staffCall("/shopapi/express/deletetemplate", { template_id: second });
    expect((await staffCall<AdminFreightTemplate[]>("/shopapi/express/template", {})).map((row) => row.template_id)).toEqual([first]);
  });

  it("validates rules with messages naming the field; a servicer is refused", async () => {
    const add = (body: object) => refusal("/shopapi/express/addtemplate", body);
    expect(await add(template(""))).toBe("参数 template_name 不能为空");
    expect(await add(template("体积", { fee_type: 3 }))).toBe("计费方式只能是按重量（1）或按件（2）");
    expect(await add(template("无规则", { items: [] }))).toBe("参数 items 至少 1 项");
    expect(await add(template("重复省", { items: [{ region_ids: [110000], first_unit: 1, first_fee: "1" }, { region_ids: [110000], first_unit: 1, first_fee: "2" }] }))).toBe(
      "同一省份只能出现在一条运费规则里",
    );
    expect(await add(template("两条其余", { items: [{ first_unit: 1, first_fee: "1" }, { first_unit: 1, first_fee: "2" }] }))).toBe("“其余地区”的运费规则只能有一条");
    expect(await add(template("城市", { items: [{ region_ids: [440300], first_unit: 1, first_fee: "1" }] }))).toBe("运费规则的地区只能选省份，请重新选择");
    expect(await add(template("坏钱", { items: [{ first_unit: 1, first_fee: "1.005" }] }))).toBe("参数 items.0.first_fee 格式不正确");
    expect(await add(template("零首件", { items: [{ first_unit: 0, first_fee: "1" }] }))).toBe("参数 items.0.first_unit 不能小于 1");
    const servicer = await staffToken(t, "servicer");
    expect((await t.call("/shopapi/express/addtemplate", template("客服"), { token: servicer })).message).toBe("没有执行此操作的权限");
    expect((await t.call("/shopapi/express/addcompany", { company_name: "客服快递" }, { token: servicer })).message).toBe("没有执行此操作的权限");
  });
});
