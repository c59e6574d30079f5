import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceIconValue, type AdminGoodsLabel, type AdminGoodsService } from "@shop/contract/domains/admin-catalog";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { staffToken } from "../staff/testing.ts";
import { insertGoods } from "./test-fixtures.ts";

/** /shopapi/goodsservice/* and /shopapi/goodslabel/*: the promises and tags goods carry. */
describe("back office: goods services and labels", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ config: { dataCache: true } });
    admin = await staffToken(t, "admin");
  });
  afterAll(() => t.close());

  const staffCall = async <T>(path: string, body: object) => {
    const response = await t.call<T>(path, body, { token: admin });
    expect(response.code, `${path}: ${response.message}`).toBe(0);
    return response.data;
  };

  it("adds, edits and deletes a service; the goods page shows the change and loses a deleted one", async () => {
    const { id } = await staffCall<{ id: number }>("/shopapi/goodsservice/add", { service_name: "极速退款", desc: "退款秒到", icon: serviceIconValue("upload/goods/i.png"), sort: 1 });
    const { goodsId, skuIds } = await insertGoods(t.app.deps.db, "带服务的商品", { goods: { goods_service_ids: `${id}` } });
    const detail = async () => (await t.call("/api/goodssku/detail", { sku_id: skuIds[0] })).data;
    expect(JSON.stringify(await detail())).toContain("极速退款");
    await staffCall("/shopapi/goodsservice/edit", { id, service_name: "闪电退款", desc: "退款秒到", sort: 1 });
    expect(JSON.stringify(await detail())).toContain("闪电退款");
    expect(await staffCall<AdminGoodsService[]>("/shopapi/goodsservice/lists", {})).toContainEqual(expect.objectContaining({ id, service_name: "闪电退款", icon: "" }));
    await staffCall("/shopapi/goodsservice/delete", { id });
    expect(JSON.stringify(await detail())).not.toContain("闪电退款");
    const goods = await t.app.deps.db.selectFrom("goods").select("goods_service_ids").where("goods_id", "=", goodsId).executeTakeFirstOrThrow();
    expect(goods.goods_service_ids).toBe("");
    expect((await t.call("/shopapi/goodsservice/edit", { id, service_name: "x" }, { token: admin })).message).toBe("商品服务不存在");
  });

  it("keeps labels in order, renames them onto goods and refuses to delete one in use", async () => {
    const first = (await staffCall<{ id: number }>("/shopapi/goodslabel/add", { label_name: "爆款", sort: 1 })).id;
    const second = (await staffCall<{ id: number }>("/shopapi/goodslabel/add", { label_name: "新品", sort: 2 })).id;
    await staffCall("/shopapi/goodslabel/modifysort", { label_sort_array: [{ id: second, sort: 0 }, { id: first, sort: 1 }] });
    expect((await staffCall<AdminGoodsLabel[]>("/shopapi/goodslabel/lists", {})).map((label) => label.label_name)).toEqual(["新品", "爆款"]);
    expect((await t.call("/shopapi/goodslabel/add", { label_name: "新品" }, { token: admin })).message).toBe("已有名为「新品」的商品标签");

    const { goodsId } = await insertGoods(t.app.deps.db, "贴标签的", { goods: { label_id: first, label_name: "爆款" } });
    await staffCall("/shopapi/goodslabel/edit", { id: first, label_name: "热卖", sort: 1 });
    const goods = await t.app.deps.db.selectFrom("goods").select("label_name").where("goods_id", "=", goodsId).executeTakeFirstOrThrow();
    expect(goods.label_name).toBe("热卖");
    expect((await t.call("/shopapi/goodslabel/delete", { id: first }, { token: admin })).message).toBe("还有 1 个商品使用该标签，请先在商品中取消该标签");
    await staffCall("/shopapi/goodslabel/delete", { id: second });
    expect((await staffCall<AdminGoodsLabel[]>("/shopapi/goodslabel/lists", {})).map((label) => label.id)).toEqual([first]);
  });

  it("validates with messages naming the field, and refuses a servicer", async () => {
    expect((await t.call("/shopapi/goodsservice/add", { service_name: "" }, { token: admin })).message).toBe("参数 service_name 不能为空");
    for (const icon of ["upload/goods/i.png", '{"iconType":"img","imageUrl":"javascript:alert(1)"}']) {
      expect((await t.call("/shopapi/goodsservice/add", { service_name: "坏图标", icon }, { token: admin })).message).toBe("图标格式不正确，请重新上传图标");
    }
    expect((await t.call("/shopapi/goodslabel/add", { label_name: "标".repeat(21) }, { token: admin })).message).toBe("参数 label_name 长度不能超过 20");
    expect((await t.call("/shopapi/goodslabel/modifysort", { label_sort_array: [] }, { token: admin })).message).toBe("参数 label_sort_array 至少 1 项");
    const servicer = await staffToken(t, "servicer");
    expect((await t.call("/shopapi/goodsservice/add", { service_name: "客服" }, { token: servicer })).message).toBe("没有执行此操作的权限");
    expect((await t.call("/shopapi/goodslabel/add", { label_name: "客服" }, { token: servicer })).message).toBe("没有执行此操作的权限");
  });
});
