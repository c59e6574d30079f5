import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { OLD_SEED_SITE_URL, PICTURE_COLUMNS, PICTURE_JSON_COLUMNS, PICTURE_LIST_COLUMNS, relativePictures, up } from "./0015-relative-picture-paths.ts";

/** Every column the migration looks at, with goods_content (HTML, which must not change). */
const COLUMNS = [...PICTURE_COLUMNS, ...PICTURE_LIST_COLUMNS, ...PICTURE_JSON_COLUMNS.map(([table, , column]) => [table, column] as const), ["goods", "goods_spec_format"], ["goods", "goods_content"]] as const;

async function snapshot(db: Kysely<unknown>): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const [table, column] of COLUMNS) {
    const rows = await sql<{ value: string }>`SELECT ${sql.ref(column)} AS value FROM ${sql.table(table)} ORDER BY 1`.execute(db);
    result[`${table}.${column}`] = rows.rows.map((row) => row.value);
  }
  return result;
}

/** "upload/a.jpg,upload/b.jpg" → "/upload/a.jpg,/upload/b.jpg": how the seed wrote pictures before. */
const rooted = (value: string) => (value.split(",").every((part) => part.startsWith("upload/")) ? value.split(",").map((part) => `/${part}`).join(",") : value);
const rootedInJson = (value: unknown): unknown =>
  typeof value === "string" ? rooted(value)
  : Array.isArray(value) ? value.map(rootedInJson)
  : value && typeof value === "object" ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rootedInJson(item)]))
  : value;

/** Puts the seeded database back in the form it had before the migration: root-relative pictures. */
async function rootAllPictures(db: Kysely<unknown>): Promise<number> {
  let changed = 0;
  for (const [table, column] of [...PICTURE_COLUMNS, ...PICTURE_LIST_COLUMNS]) {
    const result = await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = '/' || replace(${sql.ref(column)}, ',upload/', ',/upload/') WHERE ${sql.ref(column)} LIKE 'upload/%'`.execute(db);
    changed += Number(result.numAffectedRows ?? 0);
  }
  await sql`UPDATE goods SET goods_spec_format = replace(goods_spec_format, '"image":"upload/', '"image":"/upload/')`.execute(db);
  for (const [table, key, column] of PICTURE_JSON_COLUMNS) {
    const rows = await sql<{ id: string | number; text: string }>`SELECT ${sql.ref(key)} AS id, ${sql.ref(column)} AS text FROM ${sql.table(table)}`.execute(db);
    for (const row of rows.rows) {
      const text = JSON.stringify(rootedInJson(JSON.parse(row.text)));
      if (text !== row.text) await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${text} WHERE ${sql.ref(key)} = ${row.id}`.execute(db);
    }
  }
  return changed;
}

describe("migration 0015: relative picture paths", () => {
  let t: TestApp;
  let db: Kysely<unknown>;
  beforeAll(async () => {
    t = await startTestApp({ seed: 60 });
    db = t.app.deps.db as unknown as Kysely<unknown>;
  });
  afterAll(() => t.close());

  it("turns the root-relative pictures of every table back into what the seed writes now, and leaves HTML alone", async () => {
    const seeded = await snapshot(db);
    expect(seeded["goods.goods_image"]!.every((value) => value.startsWith("upload/seed/"))).toBe(true);
    expect(seeded["goods.goods_content"]!.some((html) => html.includes('src="/upload/seed/'))).toBe(true);

    expect(await rootAllPictures(db)).toBeGreaterThan(100);
    const rootedNow = await snapshot(db);
    expect(rootedNow["goods.goods_image"]!.every((value) => value.startsWith("/upload/seed/"))).toBe(true);
    expect(rootedNow["config.value"]!.some((value) => value.includes('"/upload/seed/'))).toBe(true);

    await up(db, t.app.deps.dialect);
    expect(await snapshot(db)).toEqual(seeded);
    await up(db, t.app.deps.dialect);
    expect(await snapshot(db)).toEqual(seeded);
  });

  it("forgets the mobile site's address earlier seeds fixed, so it is told from the public origin", async () => {
    const setConfig = (key: string, value: unknown) =>
      sql`UPDATE config SET value = ${JSON.stringify(value)} WHERE config_key = ${key}`.execute(db);
    const getConfig = async (key: string) =>
      JSON.parse((await sql<{ value: string }>`SELECT value FROM config WHERE config_key = ${key}`.execute(db)).rows[0]!.value);
    const oldCode = "/upload/seed/site/wap-qrcode.png";
    await setConfig("wap_qrcode", { img: oldCode, url: OLD_SEED_SITE_URL });
    await setConfig("site_info", { ...(await getConfig("site_info")), web_qrcode: oldCode });
    await up(db, t.app.deps.dialect);
    expect(await getConfig("wap_qrcode")).toEqual({ img: "", url: "" });
    expect((await getConfig("site_info")).web_qrcode).toBe("");

    // A mobile site the shop set itself stays.
    await setConfig("wap_qrcode", { img: "upload/m.png", url: "https://m.example.com/" });
    await up(db, t.app.deps.dialect);
    expect(await getConfig("wap_qrcode")).toEqual({ img: "upload/m.png", url: "https://m.example.com/" });
  });

  it("rewrites whole values only: lists of pictures, never other text", () => {
    expect(relativePictures("/upload/a.jpg")).toBe("upload/a.jpg");
    expect(relativePictures("/upload/a.jpg,/upload/b.jpg")).toBe("upload/a.jpg,upload/b.jpg");
    expect(relativePictures("https://cdn.example.com/upload/a.jpg")).toBe("https://cdn.example.com/upload/a.jpg");
    expect(relativePictures('<img src="/upload/a.jpg">')).toBe('<img src="/upload/a.jpg">');
    expect(relativePictures("/goods/list")).toBe("/goods/list");
    expect(relativePictures("")).toBe("");
  });
});
