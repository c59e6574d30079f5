import { describe, expect, it } from "vitest";
import { appPathOf, authMethods, loginUrl, safeRedirectTarget, withRedirect } from "./auth.ts";

describe("safeRedirectTarget", () => {
  it("keeps paths inside the app, with their query", () => {
    expect(safeRedirectTarget("/member")).toBe("/member");
    expect(safeRedirectTarget("/member/order_list?status=waitpay")).toBe("/member/order_list?status=waitpay");
    expect(safeRedirectTarget("/goods/cart#top")).toBe("/goods/cart#top");
    // still encoded: a path segment for the router, not a line break
    expect(safeRedirectTarget("/%0a/x")).toBe("/%0a/x");
  });

  it("falls back to /member for missing or foreign targets", () => {
    for (const target of [null, undefined, "", "member", "https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "/\t/evil.example", "/\n/evil.example", " /member"]) {
      expect(safeRedirectTarget(target), String(target)).toBe("/member");
    }
  });

  it("never goes back to a login page", () => {
    expect(safeRedirectTarget("/auth/login?redirect=%2Fmember")).toBe("/member");
    expect(safeRedirectTarget("/auth/register")).toBe("/member");
    expect(safeRedirectTarget("/authors")).toBe("/authors");
  });

  it("uses the given fallback", () => {
    expect(safeRedirectTarget("//x", "/")).toBe("/");
  });
});

describe("login links", () => {
  it("builds /auth/login?redirect={encoded app path}", () => {
    expect(loginUrl("/member")).toBe("/auth/login?redirect=%2Fmember");
    expect(loginUrl("/member/order_list?status=waitpay&page=2")).toBe("/auth/login?redirect=%2Fmember%2Forder_list%3Fstatus%3Dwaitpay%26page%3D2");
    expect(loginUrl()).toBe("/auth/login");
    expect(withRedirect("/auth/register", null)).toBe("/auth/register");
  });

  it("takes the basename off a request URL", () => {
    expect(appPathOf(new URL("http://shop.test/web/member"))).toBe("/member");
    expect(appPathOf(new URL("http://shop.test/web/member/order_list?status=waitpay"))).toBe("/member/order_list?status=waitpay");
    expect(appPathOf(new URL("http://shop.test/web/"))).toBe("/");
  });
});

describe("authMethods", () => {
  it("parses the comma list of register config", () => {
    expect([...(authMethods("username, mobile") ?? [])]).toEqual(["username", "mobile"]);
    expect(authMethods("")).toBeNull();
    expect(authMethods(undefined)).toBeNull();
  });
});
