import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToaster, DIALOG_TOAST_REGION_SELECTOR, TOAST_REGION_ID, type ToastDocument } from "./toast.ts";

/** Just enough DOM for the toaster: elements remember their id, class, attributes, text and children. */
class FakeElement {
  id = "";
  className = "";
  textContent: string | null = null;
  innerHTML = "";
  attributes: Record<string, string> = {};
  children: FakeElement[] = [];
  setAttribute(name: string, value: string) { this.attributes[name] = value; }
  appendChild(node: unknown) { this.children.push(node as FakeElement); return node; }
  replaceChildren(...nodes: unknown[]) { this.children = nodes as FakeElement[]; }
}

/** A document; `withRegion` gives it the live region root.tsx renders (toast-region.tsx). */
function fakeDocument({ withRegion = false } = {}) {
  const body = new FakeElement();
  if (withRegion) {
    const region = new FakeElement();
    region.id = TOAST_REGION_ID;
    body.appendChild(region);
  }
  const doc: ToastDocument = {
    body,
    createElement: () => new FakeElement(),
    getElementById: (id) => body.children.find((child) => child.id === id) ?? null,
  };
  return { doc, body };
}

const shownText = (region: FakeElement) => region.children.map((notice) => notice.children[1]!.textContent);

describe("toast", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows one notice in a polite live region and removes it after the duration", () => {
    const { doc, body } = fakeDocument();
    const toast = createToaster(() => doc, 3000);
    toast.success("加入购物车成功");
    const region = body.children[0]!;
    expect(region.attributes).toMatchObject({ role: "status", "aria-live": "polite" });
    expect(region.children[0]!.className).toBe("shop-toast shop-toast-success");
    expect(shownText(region)).toEqual(["加入购物车成功"]);
    vi.advanceTimersByTime(2999);
    expect(shownText(region)).toEqual(["加入购物车成功"]);
    vi.advanceTimersByTime(1);
    expect(region.children).toEqual([]);
  });

  it("replaces the shown notice (one at a time) and restarts the timer, reusing the region", () => {
    const { doc, body } = fakeDocument();
    const toast = createToaster(() => doc, 3000);
    toast.info("一");
    vi.advanceTimersByTime(2000);
    toast.error("二");
    const region = body.children[0]!;
    expect(body.children).toHaveLength(1);
    expect(shownText(region)).toEqual(["二"]);
    expect(region.children[0]!.className).toContain("shop-toast-error");
    vi.advanceTimersByTime(2000);
    expect(shownText(region)).toEqual(["二"]);
    vi.advanceTimersByTime(1000);
    expect(region.children).toEqual([]);
  });

  it("shows the first notice in the region the page was served with, adding none", () => {
    const { doc, body } = fakeDocument({ withRegion: true });
    const served = body.children[0]!;
    createToaster(() => doc, 3000).success("加入购物车成功");
    expect(body.children).toEqual([served]);
    expect(shownText(served)).toEqual(["加入购物车成功"]);
  });

  it("uses an open modal dialog's own region while it is open (the page under it is inert)", () => {
    const { doc, body } = fakeDocument({ withRegion: true });
    const page = body.children[0]!;
    const inDialog = new FakeElement();
    let dialogRegion: FakeElement | null = inDialog;
    const toast = createToaster(() => ({ ...doc, querySelector: (selector) => (selector === DIALOG_TOAST_REGION_SELECTOR ? dialogRegion : null) }), 3000);
    toast.warning("不能发送空白内容");
    expect(shownText(inDialog)).toEqual(["不能发送空白内容"]);
    expect(page.children).toEqual([]);
    dialogRegion = null;
    toast.success("加入购物车成功");
    expect(shownText(page)).toEqual(["加入购物车成功"]);
  });

  it("does nothing without a document (server rendering)", () => {
    const toast = createToaster(() => undefined);
    expect(() => toast.warning("x")).not.toThrow();
  });
});
