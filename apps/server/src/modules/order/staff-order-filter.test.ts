import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember } from "../auth/testing.ts";
import { plainOrderRow } from "./order-rows-testing.ts";
import { countStaffOrdersByStatus, listStaffOrders, type StaffListQuery } from "./staff-orders.ts";
import { trigramQuery, type OrderFilterFields } from "./staff-order-filter.ts";

const ALL: OrderFilterFields = {
  order_status: "all", order_type: 0, order_no: "", member: "", mobile: "", order_name: "", pay_type: "", promotion_type: "", start_time: 0, end_time: 0,
};

/**
 * The list's matching rules read indexes (migration 0041: a trigram index on the goods names, the
 * buyer through one IN): the orders they select are the ones the plain rules select — a name
 * containing the text anywhere, ignoring ASCII case; the member id, exact username / mobile, or part of the nickname.
 */
describe("staff order filters on their indexes", () => {
  let t: TestApp;
  const db = () => t.app.deps.db;
  const NAMES = [
    "iPhone 15 手机壳", "IPHONE充电器", "华为手机", "手机", "机", "100%纯棉T恤", "下划线_商品", '引号"商品', "压测商品17", "压测商品7 大号", "a\\b 反斜杠",
  ];
  let ids: number[] = [];

  const list = async (filter: Partial<OrderFilterFields>) => {
    const query: StaffListQuery = { ...ALL, ...filter, page: 1, page_size: 100, order: "create_time", sort: "desc" };
    const page = await listStaffOrders(db(), query);
    const counts = await countStaffOrdersByStatus(db(), { ...ALL, ...filter });
    expect(counts.all).toBe(page.count);
    return page.list.map((order) => order.order_name).sort();
  };

  beforeAll(async () => {
    t = await startTestApp();
    const rows = NAMES.map((name, index) => plainOrderRow({ order_no: `F${1000 + index}`, order_name: name, member_id: 424_242, create_time: 1_765_000_000 + index }));
    ids = (await db().insertInto("orders").values(rows).returning("order_id").execute()).map((row) => row.order_id);
  });
  afterAll(() => t.close());

  it("a goods-name text of any length selects the names that contain it, ASCII case ignored, % _ \" \\ taken literally", async () => {
    const texts = ["iphone", "IPHONE", "Phone 1", "手机", "机", "手机壳", "100%", "%", "_商", '"商品', "商品17", "商品7 大", "a\\b", "不存在的词", "壳 x"];
    for (const text of texts) {
      const expected = NAMES.filter((name) => name.toLowerCase().includes(text.toLowerCase())).sort();
      expect(await list({ order_name: text }), text).toEqual(expected);
    }
  });

  it("the index follows a renamed or deleted order", async () => {
    await db().updateTable("orders").set({ order_name: "新名字XYZ" }).where("order_id", "=", ids[0]!).execute();
    expect(await list({ order_name: "xyz" })).toEqual(["新名字XYZ"]);
    expect(await list({ order_name: "iPhone 15" })).toEqual([]);
    await db().deleteFrom("orders").where("order_id", "=", ids[0]!).execute();
    expect(await list({ order_name: "新名字" })).toEqual([]);
    expect(await list({ order_name: "IPHONE" })).toEqual(["IPHONE充电器"]);
  });

  it("trigrams: none under three characters, each once, quotes doubled", () => {
    expect(trigramQuery("手机")).toBeUndefined();
    expect(trigramQuery("商品17")).toBe('"商品1" AND "品17"');
    expect(trigramQuery('aaaa"')).toBe('"aaa" AND "aa"""');
  });

  it("the buyer: a member id even without its member row, an exact username or mobile, part of a nickname", async () => {
    const buyer = await registerMember(t);
    await db().updateTable("member").set({ nickname: "小王同学" }).where("member_id", "=", buyer.member_id).execute();
    const mobile = (await db().selectFrom("member").select("mobile").where("member_id", "=", buyer.member_id).executeTakeFirstOrThrow()).mobile;
    await db().insertInto("orders").values(plainOrderRow({ order_no: "F2000", order_name: "买家的订单", member_id: buyer.member_id })).execute();
    const theirs = ["买家的订单"];
    expect(await list({ member: String(buyer.member_id) })).toEqual(theirs);
    expect(await list({ member: buyer.username })).toEqual(theirs);
    expect(await list({ member: "王同" })).toEqual(theirs);
    if (mobile) expect(await list({ member: mobile })).toEqual(theirs);
    expect((await list({ member: "424242" })).length).toBe(NAMES.length - 1);
    expect(await list({ member: "999999" })).toEqual([]);
    expect(await list({ member: "没有这个人" })).toEqual([]);
  });
});
