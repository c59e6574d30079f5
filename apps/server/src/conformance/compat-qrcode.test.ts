import fs from "node:fs";
import path from "node:path";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { getConfig } from "../core/config-store.ts";
import { QRCODE_OPTIONS } from "../modules/site/qrcode-files.ts";
import { SHOP_ORIGIN, startReferenceShop } from "./fixtures.ts";
import { ReferenceClient } from "./reference-client.ts";

/**
 * Issue 8, compatibility items 4 and 9: QR codes are pictures a reference client can load (it puts
 * `imgDomain + "/"` before them: a data: URI does not survive that), drawn once and kept on disk;
 * the mobile site's code encodes the shop's address as it is reached now (PUBLIC_ORIGIN, else the
 * request's host and port), not an address fixed when the database was seeded.
 */

interface QrcodeAnswer {
  path: { h5: { img: string; url: string } };
}

/** The PNG of the answered path, which must be the QR code of `url`. */
async function expectQrcodeOf(t: TestApp, client: ReferenceClient, answer: QrcodeAnswer, url: string): Promise<string> {
  const { img } = answer.path.h5;
  expect(answer.path.h5.url).toBe(url);
  expect(img).toMatch(/^upload\/qrcode\/[\w-]+\.png$/);
  expect(await client.picture(img)).toEqual({ status: 200, type: "image/png" });
  const file = path.join(t.config.dataDir, img);
  expect(fs.readFileSync(file).equals(await QRCode.toBuffer(url, QRCODE_OPTIONS))).toBe(true);
  return file;
}

describe("compat 4 and 9: QR codes are PNG files of the shop's current address", () => {
  let t: TestApp;
  let client: ReferenceClient;
  beforeAll(async () => {
    t = await startReferenceShop();
    client = new ReferenceClient(t);
  });
  afterAll(() => t.close());

  it("answers the SKU page's code as a PNG path, drawn once", async () => {
    const sku = await t.app.deps.db.selectFrom("goods_sku").select("sku_id").orderBy("sku_id").executeTakeFirstOrThrow();
    const ask = () => client.data<QrcodeAnswer>("/api/goodssku/goodsqrcode", { sku_id: sku.sku_id });
    const first = await ask();
    const file = await expectQrcodeOf(t, client, first, `${SHOP_ORIGIN}/web/sku/${sku.sku_id}`);
    const drawnAt = fs.statSync(file).mtimeMs;
    expect(await ask()).toEqual(first);
    expect(fs.statSync(file).mtimeMs).toBe(drawnAt);
  });

  it("answers the mobile site's code for PUBLIC_ORIGIN, the seed storing no address", async () => {
    expect(await getConfig(t.app.deps.db, "wap_qrcode", { img: "x", url: "x" })).toEqual({ img: "", url: "" });
    const answer = await client.data<QrcodeAnswer>("/api/site/wapqrcode");
    await expectQrcodeOf(t, client, answer, `${SHOP_ORIGIN}/web/`);
    expect((await client.data<{ web_qrcode: string }>("/api/site/info")).web_qrcode).toBe(answer.path.h5.img);
  });
});

describe("compat 9: without PUBLIC_ORIGIN the mobile site's code follows the host and port the shop is reached at", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("encodes the request's origin", async () => {
    const client = new ReferenceClient(t);
    // Hosts core/origin.ts accepts without PUBLIC_ORIGIN outside development: this machine's.
    for (const host of ["127.0.0.1:3437", "localhost:3438"]) {
      const response = await t.call<QrcodeAnswer>("/api/site/wapqrcode", {}, { headers: { host } });
      expect(response.code).toBe(0);
      await expectQrcodeOf(t, client, response.data, `http://${host}/web/`);
    }
  });
});
