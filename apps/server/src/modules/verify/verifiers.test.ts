import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, VerifierRow } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { loginTestStaff } from "../order/test-fixtures.ts";
import { codeOrder } from "./test-fixtures.ts";

/** Staff granting and withdrawing the verifier role (verifier.manage), and the goods' validity days (goods.manage). */
describe(`verifiers, by staff (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  let servicer: string;
  let member: TestMember;

  const db = () => t.app.deps.db;
  const staffCall = <T>(path: string, body: object, token = admin) => t.call<T>(path, body, { token });
  const logsOf = (action: string) => db().selectFrom("staff_log").select(["target_id", "detail"]).where("action", "=", action).orderBy("id").execute();

  beforeAll(async () => {
    t = await startTestApp();
    admin = await loginTestStaff(t, "admin");
    servicer = await loginTestStaff(t, "servicer");
    member = await registerMember(t);
    await db().updateTable("member").set({ mobile: "13700001111", nickname: "王小明" }).where("member_id", "=", member.member_id).execute();
  });
  afterAll(() => t.close());

  it("needs verifier.manage: a servicer and a member are refused, nothing is written", async () => {
    for (const [path, body] of [
      ["/shopapi/verifier/lists", {}], ["/shopapi/verifier/add", { member_id: member.member_id, verifier_name: "x" }], ["/shopapi/verifier/delete", { verifier_id: 1 }],
    ] as const) {
      expect(await staffCall(path, body, servicer), path).toMatchObject({ code: Code.ERROR, message: "没有执行此操作的权限" });
      expect((await t.call(path, body, { token: member.token })).code, path).toBe(Code.TOKEN_ERROR);
    }
    expect(await db().selectFrom("verifier").select("verifier_id").execute()).toEqual([]);
  });

  it("grants the role by member id, username or mobile, once per member; lists and searches; withdraws it; each logged", async () => {
    const byId = await staffCall<{ verifier_id: number }>("/shopapi/verifier/add", { member_id: member.member_id, verifier_name: "  前台小王 " });
    expect(byId.code, byId.message).toBe(0);
    expect(await staffCall("/shopapi/verifier/add", { account: member.username, verifier_name: "再来一次" })).toMatchObject({ code: Code.ERROR, message: "该会员已是核销员" });
    expect(await staffCall("/shopapi/verifier/add", { account: "13700001111", verifier_name: "再来一次" })).toMatchObject({ code: Code.ERROR, message: "该会员已是核销员" });
    expect(await t.call("/api/verify/checkisverifier", {}, { token: member.token })).toMatchObject({ code: 0, data: { verifier_id: byId.data.verifier_id, verifier_name: "前台小王" } });

    const second = await registerMember(t);
    const byName = await staffCall<{ verifier_id: number }>("/shopapi/verifier/add", { account: second.username, verifier_name: "仓库老李" });
    expect(byName.code, byName.message).toBe(0);

    const list = await staffCall<Page<VerifierRow>>("/shopapi/verifier/lists", { page: 1, page_size: 10 });
    expect(list.data.count).toBe(2);
    expect(list.data.list.find((row) => row.verifier_id === byId.data.verifier_id)).toMatchObject({
      verifier_name: "前台小王", member_id: member.member_id, username: member.username, nickname: "王小明", mobile: "13700001111", verify_count: 0,
    });
    expect((await staffCall<Page<VerifierRow>>("/shopapi/verifier/lists", { search: "老李" })).data.list.map((row) => row.verifier_id)).toEqual([byName.data.verifier_id]);
    expect((await staffCall<Page<VerifierRow>>("/shopapi/verifier/lists", { search: "13700001111" })).data.list.map((row) => row.verifier_id)).toEqual([byId.data.verifier_id]);
    expect((await staffCall<Page<VerifierRow>>("/shopapi/verifier/lists", { search: "100%" })).data.count).toBe(0);

    expect(await staffCall("/shopapi/verifier/delete", { verifier_id: byName.data.verifier_id })).toMatchObject({ code: 0 });
    expect(await staffCall("/shopapi/verifier/delete", { verifier_id: byName.data.verifier_id })).toMatchObject({ code: Code.ERROR, message: "核销员不存在" });
    expect(await t.call("/api/verify/checkisverifier", {}, { token: second.token })).toMatchObject({ code: Code.ERROR, message: "您不是核销员" });

    expect((await logsOf("verifier.add")).map((log) => log.target_id)).toEqual([String(byId.data.verifier_id), String(byName.data.verifier_id)]);
    expect(JSON.parse((await logsOf("verifier.delete"))[0]!.detail)).toEqual({ member_id: second.member_id, verifier_name: "仓库老李" });
  });

  it("says which member is wrong, and refuses bad input with -10006", async () => {
    expect(await staffCall("/shopapi/verifier/add", { member_id: 9_999_999, verifier_name: "x" })).toMatchObject({ code: Code.ERROR, message: "会员不存在" });
    expect(await staffCall("/shopapi/verifier/add", { account: "nobody-here", verifier_name: "x" })).toMatchObject({ code: Code.ERROR, message: "会员不存在" });
    const locked = await registerMember(t);
    await db().updateTable("member").set({ status: 0 }).where("member_id", "=", locked.member_id).execute();
    expect(await staffCall("/shopapi/verifier/add", { member_id: locked.member_id, verifier_name: "x" })).toMatchObject({ code: Code.ERROR, message: "该会员账号已停用，不能设为核销员" });
    for (const body of [
      { verifier_name: "没有会员" }, { member_id: member.member_id }, { member_id: member.member_id, verifier_name: "   " },
      { member_id: member.member_id, verifier_name: "名".repeat(21) }, { member_id: -1, verifier_name: "x" }, { account: "a".repeat(31), verifier_name: "x" },
    ]) {
      expect((await staffCall("/shopapi/verifier/add", body)).code, JSON.stringify(body)).toBe(Code.PARAM);
    }
    expect((await staffCall("/shopapi/verifier/add", { verifier_name: "没有会员" })).message).toBe("请指定会员（会员 ID、用户名或手机号）");
    for (const body of [{}, { verifier_id: 0 }, { verifier_id: "abc" }]) expect((await staffCall("/shopapi/verifier/delete", body)).code).toBe(Code.PARAM);
    for (const body of [{ page: -1 }, { search: "x".repeat(51) }]) expect((await staffCall("/shopapi/verifier/lists", body)).code).toBe(Code.PARAM);
  });

  it("two staff granting the same member at once: one verifier, the other told it exists", async () => {
    const target = await registerMember(t);
    const answers = await Promise.all([1, 2, 3].map((n) => staffCall("/shopapi/verifier/add", { member_id: target.member_id, verifier_name: `并发${n}` })));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.code !== 0)) expect(answer).toMatchObject({ code: Code.ERROR, message: "该会员已是核销员" });
    expect(await db().selectFrom("verifier").select("verifier_id").where("member_id", "=", target.member_id).execute()).toHaveLength(1);
  });

  it("counts the codes each verifier used", async () => {
    const worker = await registerMember(t);
    const verifierId = (await staffCall<{ verifier_id: number }>("/shopapi/verifier/add", { member_id: worker.member_id, verifier_name: "计数员" })).data.verifier_id;
    const sku = (await insertGoods(db(), "计数口红", { goods: { goods_stock: 10 } })).skuIds[0]!;
    for (let round = 0; round < 2; round++) {
      const order = await codeOrder(t, member.member_id, sku);
      expect((await t.call("/api/verify/verify", { verify_code: order.code }, { token: worker.token })).code).toBe(0);
    }
    const list = await staffCall<Page<VerifierRow>>("/shopapi/verifier/lists", { search: "计数员" });
    expect(list.data.list).toMatchObject([{ verifier_id: verifierId, verify_count: 2 }]);
  });

  it("/shopapi/goods/editvirtualindate sets a virtual goods' validity days (goods.manage), logged; other goods are refused", async () => {
    const voucher = await insertGoods(db(), "电影票", { goods: { goods_class: 2 } });
    const physical = await insertGoods(db(), "保温杯");
    expect(await staffCall("/shopapi/goods/editvirtualindate", { goods_id: voucher.goodsId, virtual_indate: 30 })).toMatchObject({ code: 0, data: { goods_id: voucher.goodsId } });
    expect((await db().selectFrom("goods").select("virtual_indate").where("goods_id", "=", voucher.goodsId).executeTakeFirstOrThrow()).virtual_indate).toBe(30);
    expect(JSON.parse((await logsOf("goods.virtual_indate")).at(-1)!.detail)).toEqual({ from: 0, to: 30 });
    expect(await staffCall("/shopapi/goods/editvirtualindate", { goods_id: physical.goodsId, virtual_indate: 30 })).toMatchObject({ code: Code.ERROR, message: "只有虚拟商品可以设置有效期" });
    expect(await staffCall("/shopapi/goods/editvirtualindate", { goods_id: 9_999_999, virtual_indate: 30 })).toMatchObject({ code: Code.ERROR, message: "商品不存在" });
    expect(await staffCall("/shopapi/goods/editvirtualindate", { goods_id: voucher.goodsId, virtual_indate: 30 }, servicer)).toMatchObject({ code: Code.ERROR, message: "没有执行此操作的权限" });
    for (const body of [{ goods_id: voucher.goodsId }, { goods_id: voucher.goodsId, virtual_indate: -1 }, { goods_id: voucher.goodsId, virtual_indate: 1.5 }, { goods_id: voucher.goodsId, virtual_indate: 3651 }]) {
      expect((await staffCall("/shopapi/goods/editvirtualindate", body)).code, JSON.stringify(body)).toBe(Code.PARAM);
    }
  });
});
