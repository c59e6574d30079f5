import { describe, expect, it } from "vitest";
import { goodsStateName, goodsStateNow, soldPercent } from "./seckill-goods.ts";

describe("a slot's goods", () => {
  it("follows its slot's clock, sold out whatever the time", () => {
    expect(goodsStateNow({ stock: 5, state: "upcoming" }, "running")).toBe("running");
    expect(goodsStateNow({ stock: 5, state: "running" }, "ended")).toBe("ended");
    expect(goodsStateNow({ stock: 0, state: "running" }, "running")).toBe("sold_out");
    expect(goodsStateNow({ stock: 3, state: "sold_out" }, "upcoming")).toBe("sold_out");
    expect(goodsStateNow({ stock: 3, state: "ended" }, "running")).toBe("ended");
    expect(["running", "upcoming", "sold_out", "ended"].map((state) => goodsStateName(state as never))).toEqual(["立即抢购", "即将开始", "已抢光", "已结束"]);
  });

  it("bounds the sold share", () => {
    expect(soldPercent(33.9)).toBe(33);
    expect(soldPercent(120)).toBe(100);
    expect(soldPercent(-1)).toBe(0);
  });
});
