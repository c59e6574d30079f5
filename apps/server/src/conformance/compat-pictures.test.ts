import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../test/harness.ts";
import { solvedCaptcha } from "../modules/auth/testing.ts";
import { startReferenceShop } from "./fixtures.ts";
import { ReferenceClient } from "./reference-client.ts";

/**
 * Issue 8, compatibility item 1: picture paths. A reference client builds a picture's URL as
 * `imgDomain + "/" + path` unless it starts with http(s), and asks for thumbnails with upper-case
 * suffixes before the extension (`_BIG`, `_MID`, `_SMALL`). So every picture the API answers is
 * relative ("upload/…") and loads that way, in each size, and "//upload/…" still finds it.
 */

interface FoundPicture {
  where: string;
  value: string;
}

/**
 * Every picture path in an answer: strings naming an upload (JSON-in-string fields opened,
 * comma-separated lists split). HTML (goods_content) is left out: its pictures are for browsers
 * showing it under our pages, not paths a client prefixes.
 */
function picturesIn(value: unknown, where: string, found: FoundPicture[] = []): FoundPicture[] {
  if (typeof value === "string") {
    if (/^\s*[[{]/.test(value)) {
      try {
        return picturesIn(JSON.parse(value), `${where}(json)`, found);
      } catch {
        // plain text after all
      }
    }
    if (value.includes("upload/") && !value.includes("<")) {
      for (const part of value.split(",")) if (part.trim()) found.push({ where, value: part.trim() });
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => picturesIn(item, `${where}[${index}]`, found));
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) picturesIn(item, `${where}.${key}`, found);
  }
  return found;
}

const AD_KEYWORDS = ["NS_PC_INDEX_TOP", "NS_PC_INDEX", "NS_PC_INDEX_MID_LEFT", "NS_PC_INDEX_MID_RIGHT", "NS_PC_BRAND", "NS_PC_LOGIN"];

describe("compat 1: picture paths are relative and load as the reference's clients ask for them", () => {
  let t: TestApp;
  let guest: ReferenceClient;
  let member: ReferenceClient;
  const found: FoundPicture[] = [];
  /** Calls as the client and keeps the answer's pictures under the path's name. */
  const collect = async (client: ReferenceClient, path: string, body: Record<string, unknown> = {}) => {
    const data = await client.data(path, body);
    picturesIn(data, path, found);
    return data;
  };

  beforeAll(async () => {
    t = await startReferenceShop();
    guest = new ReferenceClient(t);
    const { token } = await guest.data<{ token: string }>("/api/login/login", { username: "demo", password: "demo123456", ...(await solvedCaptcha(t, guest.ip)) });
    member = guest.withToken(token);

    for (const path of ["/api/site/info", "/api/config/copyright", "/api/config/defaultimg", "/api/config/init", "/weapp/api/weapp/qrcode", "/api/pc/floors", "/api/pc/floatLayer", "/api/goods/service"]) {
      await collect(guest, path);
    }
    for (const keyword of AD_KEYWORDS) await collect(guest, "/api/adv/detail", { keyword });
    const tree = await collect(guest, "/api/goodscategory/tree", { level: 3 });
    await collect(guest, "/api/goodscategory/info", { category_id: (tree as Array<{ category_id: number }>)[0]!.category_id });
    await collect(guest, "/api/goodsbrand/page", { page_size: 20 });
    const list = (await collect(guest, "/api/goodssku/page", { page_size: 20 })) as { list: Array<{ sku_id: number; goods_id: number }> };
    const { sku_id, goods_id } = list.list[0]!;
    await collect(guest, "/api/goodssku/detail", { sku_id });
    await collect(guest, "/api/goodssku/info", { sku_id });
    await collect(guest, "/api/goodssku/recommend", { sku_id });
    const evaluated = await t.app.deps.db.selectFrom("goods_evaluate").select("goods_id").where("images", "!=", "").executeTakeFirstOrThrow();
    await collect(guest, "/api/goodsevaluate/page", { goods_id: evaluated.goods_id, page_size: 20 });
    await collect(guest, "/api/article/page", { page_size: 10 });
    await collect(guest, "/api/store/page", { page_size: 10 });

    await collect(member, "/api/member/info");
    await member.data("/api/cart/add", { sku_id, num: 1 });
    await collect(member, "/api/cart/goodslists");
    const orders = (await collect(member, "/api/order/lists", { page_size: 10 })) as { list: Array<{ order_id: number }> };
    await collect(member, "/api/order/detail", { order_id: orders.list[0]!.order_id });
    await member.data("/api/goodsbrowse/add", { goods_id, sku_id });
    await collect(member, "/api/goodsbrowse/page");
    await member.data("/api/goodscollect/add", { goods_id, sku_id });
    await collect(member, "/api/goodscollect/page");
  });
  afterAll(() => t.close());

  it("answers every picture relative (upload/…), never from the root (/upload/…)", () => {
    const rooted = found.filter((picture) => !/^(upload\/|https?:\/\/)/.test(picture.value));
    expect(rooted.map((picture) => `${picture.where}: ${picture.value}`)).toEqual([]);
  });

  it("finds pictures of every kind the issue names", () => {
    const where = found.map((picture) => picture.where);
    const seen = (pattern: RegExp) => where.some((path) => pattern.test(path));
    const kinds: Record<string, RegExp> = {
      "site logo": /^\/api\/site\/info\.logo$/,
      "goods": /^\/api\/goodssku\/page\.list\[\d+\]\.goods_image$/,
      "sku": /^\/api\/goodssku\/detail\.goods_sku_detail\.sku_images$/,
      "spec value": /^\/api\/goodssku\/detail\.goods_sku_detail\.goods_spec_format\(json\)/,
      "category": /^\/api\/goodscategory\/tree\[\d+\]\.image$/,
      "brand": /^\/api\/goodsbrand\/page\.list\[\d+\]\.image_url$/,
      "adv": /^\/api\/adv\/detail\.adv_list\[\d+\]\.adv_image$/,
      "floors": /^\/api\/pc\/floors\[\d+\]\.value\./,
      "article": /^\/api\/article\/page\.list\[\d+\]\.cover_img$/,
      "member head": /^\/api\/member\/info\.headimg$/,
      "evaluation": /^\/api\/goodsevaluate\/page\.list\[\d+\]\.images$/,
      "cart": /^\/api\/cart\/goodslists\[\d+\]\.sku_image$/,
      "order": /^\/api\/order\/lists\.list\[\d+\]\.order_goods\[\d+\]\.sku_image$/,
      "default picture": /^\/api\/config\/defaultimg\.goods$/,
      "goods service icon": /^\/api\/goods\/service\[\d+\]\.icon\(json\)\.imageUrl$/,
    };
    expect(Object.entries(kinds).filter(([, pattern]) => !seen(pattern)).map(([kind]) => kind)).toEqual([]);
  });

  it("serves every answered picture at imgDomain + '/' + path", async () => {
    const failed: string[] = [];
    for (const value of new Set(found.map((picture) => picture.value))) {
      const { status, type } = await guest.picture(value);
      if (status !== 200 || !type.startsWith("image/")) failed.push(`${value}: ${status} ${type}`);
    }
    expect(failed).toEqual([]);
  });

  it("serves goods pictures with the reference's thumbnail suffixes _BIG, _MID and _SMALL", async () => {
    const goodsPictures = [...new Set(found.filter((picture) => /goods_image|sku_image/.test(picture.where)).map((picture) => picture.value))].slice(0, 12);
    expect(goodsPictures.length).toBeGreaterThan(5);
    const failed: string[] = [];
    for (const value of goodsPictures) {
      for (const size of ["BIG", "MID", "SMALL"] as const) {
        const { status, type } = await guest.picture(value, size);
        if (status !== 200 || !type.startsWith("image/")) failed.push(`${value} ${size}: ${status} ${type}`);
      }
    }
    expect(failed).toEqual([]);
  });

  it("sends a client that put a '/' too many (imgDomain + '/' + '/upload/…') to the picture", async () => {
    const value = found.find((picture) => picture.where.endsWith(".logo"))!.value;
    const response = await t.app.inject({ method: "GET", url: `//${value}` });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`/${value}`);
    expect((await guest.picture(value)).status).toBe(200);
  });
});
