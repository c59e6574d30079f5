import { describe, expect, it } from "vitest";
import { isTopAdWanted, readCookie, readTopAdState, shouldShowFloatLayer } from "./client-state.ts";

describe("readCookie", () => {
  it("finds a cookie by exact name", () => {
    const header = "shop_token=abc; top_ad_closes=2; xtop_ad_closes=9; name=%E5%95%86";
    expect(readCookie(header, "top_ad_closes")).toBe("2");
    expect(readCookie(header, "name")).toBe("商");
    expect(readCookie(header, "missing")).toBeNull();
    expect(readCookie(null, "top_ad_closes")).toBeNull();
    expect(readCookie("bad=%E5", "bad")).toBe("%E5");
  });
});

describe("top ad state", () => {
  it("counts closes and the per-visit flag", () => {
    expect(readTopAdState("")).toEqual({ closes: 0, hiddenThisVisit: false });
    expect(readTopAdState("top_ad_closes=2; top_ad_hidden=1")).toEqual({ closes: 2, hiddenThisVisit: true });
    expect(readTopAdState("top_ad_closes=abc")).toEqual({ closes: 0, hiddenThisVisit: false });
  });
  it("stops loading the ad after 3 closes or once closed in this visit", () => {
    expect(isTopAdWanted(undefined)).toBe(true);
    expect(isTopAdWanted("top_ad_closes=2")).toBe(true);
    expect(isTopAdWanted("top_ad_closes=3")).toBe(false);
    expect(isTopAdWanted("top_ad_closes=1; top_ad_hidden=1")).toBe(false);
  });
});

describe("shouldShowFloatLayer", () => {
  const layer = { is_show: 1, number: 2, img_url: "/a.png" };
  it("pops up at most `number` times", () => {
    expect(shouldShowFloatLayer(layer, 0)).toBe(true);
    expect(shouldShowFloatLayer(layer, 1)).toBe(true);
    expect(shouldShowFloatLayer(layer, 2)).toBe(false);
  });
  it("pops up every time when number is 0", () => {
    expect(shouldShowFloatLayer({ ...layer, number: 0 }, 99)).toBe(true);
  });
  it("never pops up when switched off, missing or without a picture", () => {
    expect(shouldShowFloatLayer({ ...layer, is_show: 0 }, 0)).toBe(false);
    expect(shouldShowFloatLayer({ ...layer, img_url: "" }, 0)).toBe(false);
    expect(shouldShowFloatLayer(null, 0)).toBe(false);
  });
});
