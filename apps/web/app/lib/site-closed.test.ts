import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, Code, createApiClient, type Envelope } from "@shop/contract";
import {
  fallbackUnlessClosed, handleClosedCode, isClosePath, isReopened, isSiteClosed, loadOrClose, redirectIfClosed, redirectIfShopClosed, settleCall,
} from "./site-closed.ts";

const closedError = new ApiError({ code: Code.SITE_CLOSED, message: "网站已关闭！", data: null });
const request = (path: string) => new Request(`http://shop.test${path}`);

/** The thrown redirect Response's Location, or null when nothing was thrown. */
async function redirectedTo(run: () => unknown): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("Location");
    throw thrown;
  }
}

describe("site closed (-3)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("recognises -3 as a code, an envelope or an ApiError", () => {
    expect(isSiteClosed(-3)).toBe(true);
    expect(isSiteClosed({ code: -3, message: "", data: null })).toBe(true);
    expect(isSiteClosed(closedError)).toBe(true);
    for (const other of [0, -1, { code: 0 }, new Error("x"), null, undefined, "−3"]) expect(isSiteClosed(other)).toBe(false);
  });

  it("knows the close page with or without the basename", () => {
    for (const path of ["/close", "/web/close", "/web/close/"]) expect(isClosePath(path)).toBe(true);
    for (const path of ["/", "/web/", "/closet", "/web/goods/close"]) expect(isClosePath(path)).toBe(false);
  });

  it("redirectIfClosed: throws a redirect to /close, except on /close or for other outcomes", async () => {
    expect(await redirectedTo(() => redirectIfClosed(closedError, request("/web/goods/brand")))).toBe("/close");
    expect(await redirectedTo(() => redirectIfClosed({ code: -3 }, request("/web/")))).toBe("/close");
    expect(await redirectedTo(() => redirectIfClosed(closedError, request("/web/close")))).toBeNull();
    expect(await redirectedTo(() => redirectIfClosed(new ApiError({ code: -1, message: "x", data: null }), request("/web/")))).toBeNull();
  });

  it("redirectIfShopClosed: asks /api/site/status and redirects when it answers -3", async () => {
    const statusApi = (envelope: Envelope) => createApiClient(async () => envelope);
    const closed = statusApi({ code: -3, message: "网站已关闭！", data: { shop_status: 0 }, timestamp: 0 });
    const open = statusApi({ code: 0, message: "", data: { shop_status: 1 }, timestamp: 0 });
    const failing = statusApi({ code: -10005, message: "x", data: null, timestamp: 0 });
    expect(await redirectedTo(() => redirectIfShopClosed(closed, request("/web/sku/1")))).toBe("/close");
    expect(await redirectedTo(() => redirectIfShopClosed(closed, request("/web/close")))).toBeNull();
    expect(await redirectedTo(() => redirectIfShopClosed(open, request("/web/")))).toBeNull();
    expect(await redirectedTo(() => redirectIfShopClosed(failing, request("/web/")))).toBeNull();
  });

  it("loadOrClose and fallbackUnlessClosed: -3 redirects, other failures propagate or fall back", async () => {
    const other = new ApiError({ code: -1, message: "坏了", data: null });
    expect(await loadOrClose(request("/web/sku/1"), Promise.resolve(7))).toBe(7);
    expect(await redirectedTo(() => loadOrClose(request("/web/sku/1"), Promise.reject(closedError)))).toBe("/close");
    await expect(loadOrClose(request("/web/sku/1"), Promise.reject(other))).rejects.toBe(other);
    expect(await Promise.reject(other).catch(fallbackUnlessClosed(request("/web/"), "空"))).toBe("空");
    expect(await redirectedTo(() => Promise.reject(closedError).catch(fallbackUnlessClosed(request("/web/"), "空")))).toBe("/close");
  });

  it("settleCall: data, or the message of a failure; -3 redirects", async () => {
    expect(await settleCall(Promise.resolve(5), request("/web/"))).toEqual({ data: 5, error: "" });
    expect(await settleCall(Promise.reject(new ApiError({ code: -1, message: "坏了", data: null })), request("/web/"))).toEqual({
      data: null,
      error: "坏了",
    });
    expect(await redirectedTo(() => settleCall(Promise.reject(closedError), request("/web/street")))).toBe("/close");
  });

  it("handleClosedCode: leaves for /web/close in the browser, not from /close itself", () => {
    const assign = vi.fn();
    vi.stubGlobal("window", { location: { pathname: "/web/goods/brand", assign } });
    expect(handleClosedCode(-1)).toBe(false);
    expect(handleClosedCode(closedError)).toBe(true);
    expect(assign).toHaveBeenCalledWith("/web/close");
    vi.stubGlobal("window", { location: { pathname: "/web/close", assign } });
    expect(handleClosedCode(-3)).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it("isReopened: code 0 and shop_status 1 only", () => {
    expect(isReopened({ code: 0, data: { shop_status: 1 } })).toBe(true);
    expect(isReopened({ code: 0, data: { shop_status: 0 } })).toBe(false);
    expect(isReopened({ code: -3, data: null })).toBe(false);
    expect(isReopened({ code: -3, data: { shop_status: 0 } })).toBe(false);
    expect(isReopened(null)).toBe(false);
  });
});
