import { describe, expect, it } from "vitest";
import { loadOrClose } from "../../lib/site-closed.ts";
import { idOr404, orNotFound, pageOf, parseId, slugId } from "./cms-loader.ts";
import { withPage } from "./cms-meta.ts";

/** The status of what a loader helper threw (a data() 404, a redirect Response), or the error itself. */
async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error.status;
    if (error && typeof error === "object" && "init" in error) return (error as { init: { status: number } }).init.status;
    return error;
  }
  return "nothing thrown";
}

describe("CMS route parameters", () => {
  it("parseId accepts only positive integers written as digits", () => {
    expect(parseId("12")).toBe(12);
    expect(parseId("2147483647")).toBe(2147483647);
    for (const text of [null, undefined, "", "0", "-1", "1.5", "1e3", "0x10", " 1", "abc", "2147483648", "99999999999"]) {
      expect(parseId(text), String(text)).toBeNull();
    }
  });

  it("slugId reads the link forms listother-{id} and help-{id}, nothing else", () => {
    expect(slugId("listother-7", "listother")).toBe(7);
    expect(slugId("help-15", "help")).toBe(15);
    for (const slug of ["help-", "help-1x", "xhelp-1", "help-1-2", "help--1", "listother-7", undefined]) {
      expect(slugId(slug, "help"), String(slug)).toBeNull();
    }
  });

  it("pageOf defaults a missing or malformed page to 1", () => {
    const page = (query: string) => pageOf(new URL(`http://shop.test/web/cms/article/list${query}`));
    expect(page("?page=3")).toBe(3);
    for (const query of ["", "?page=", "?page=0", "?page=-2", "?page=abc", "?page=100001"]) expect(page(query), query).toBe(1);
  });

  it("withPage adds the page to a path with or without a query", () => {
    expect(withPage("/cms/notice/list", 1)).toBe("/cms/notice/list");
    expect(withPage("/cms/notice/list", 2)).toBe("/cms/notice/list?page=2");
    expect(withPage("/cms/help/list?id=3", 4)).toBe("/cms/help/list?id=3&page=4");
  });
});

describe("CMS loader outcomes", () => {
  const failure = (code: number) => Object.assign(new Error("失败"), { code });
  const request = new Request("http://shop.test/web/cms/article/detail?id=1");

  it("a missing id is 404", async () => {
    expect(await thrown(() => idOr404(null))).toBe(404);
    expect(idOr404(5)).toBe(5);
  });

  it("orNotFound turns -1 and -10006 answers into 404 and lets other failures through", async () => {
    expect(await orNotFound(Promise.resolve("ok"))).toBe("ok");
    expect(await thrown(() => orNotFound(Promise.reject(failure(-1))))).toBe(404);
    expect(await thrown(() => orNotFound(Promise.reject(failure(-10006))))).toBe(404);
    const serverError = failure(-10005);
    expect(await thrown(() => orNotFound(Promise.reject(serverError)))).toBe(serverError);
  });

  it("loadOrClose sends a closed shop (-3) to /close", async () => {
    expect(await thrown(() => loadOrClose(request, Promise.reject(failure(-3))))).toBe(302);
    const other = failure(-1);
    expect(await thrown(() => loadOrClose(request, Promise.reject(other)))).toBe(other);
  });
});
