import { sql, type Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";

/**
 * Picture paths become relative, as the reference answers them: "/upload/a.jpg" → "upload/a.jpg".
 * Its clients build a picture's URL as `imgDomain + "/" + path`, so a leading slash made them ask
 * for "//upload/…". Pictures inside HTML (goods_content, articles, help, agreements) keep their
 * root-relative "/upload/…": HTML is shown under pages like /web/sku/1, where a relative path
 * would not resolve. Only values that start with "/upload/" change; running it again changes nothing.
 *
 * The mobile site's QR code, which earlier seeds drew for a fixed http://127.0.0.1:3000/web/, is
 * forgotten when it is that one: it is now drawn for the shop's public origin when asked for.
 */

/** Columns holding one picture path. */
export const PICTURE_COLUMNS: ReadonlyArray<readonly [table: string, column: string]> = [
  ["adv", "adv_image"], ["pc_nav", "nav_icon"], ["pc_friendly_link", "link_pic"], ["article", "cover_img"],
  ["goods_category", "image"], ["goods_category", "image_adv"], ["goods_category", "icon"],
  ["goods_brand", "image_url"], ["goods_brand", "banner"], ["goods_sku", "sku_image"], ["store", "store_image"],
  ["member", "headimg"], ["staff", "headimg"], ["goods_evaluate", "sku_image"], ["goods_evaluate", "member_headimg"],
  ["order_goods", "sku_image"],
];

/** Columns holding comma-separated picture paths. */
export const PICTURE_LIST_COLUMNS: ReadonlyArray<readonly [table: string, column: string]> = [
  ["goods", "goods_image"], ["goods_sku", "sku_images"], ["goods_evaluate", "images"], ["goods_evaluate", "again_images"],
];

/** JSON columns of few rows, whose string values may be pictures: rewritten value by value. */
export const PICTURE_JSON_COLUMNS: ReadonlyArray<readonly [table: string, key: string, column: string]> = [
  ["config", "config_key", "value"], ["pc_floor", "id", "value"], ["goods_service", "id", "icon"],
];

/** A value that is a picture path or a list of them, relative; anything else as it is. */
export function relativePictures(value: string): string {
  const parts = value.split(",");
  return parts.every((part) => part.startsWith("/upload/")) ? parts.map((part) => part.slice(1)).join(",") : value;
}

/** Every string of a JSON value through relativePictures (HTML strings start with "<" and stay). */
function relativeInJson(value: unknown): unknown {
  if (typeof value === "string") return relativePictures(value);
  if (Array.isArray(value)) return value.map(relativeInJson);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, relativeInJson(item)]));
  return value;
}

/** What earlier seeds stored as the mobile site's address, whatever PORT or PUBLIC_ORIGIN was. */
export const OLD_SEED_SITE_URL = "http://127.0.0.1:3000/web/";

async function forgetSeededMobileSite(db: Kysely<unknown>): Promise<void> {
  const read = async (key: string) => {
    const row = (await sql<{ value: string }>`SELECT value FROM config WHERE config_key = ${key}`.execute(db)).rows[0];
    return row ? (JSON.parse(row.value) as Record<string, unknown>) : undefined;
  };
  const write = (key: string, value: unknown) => sql`UPDATE config SET value = ${JSON.stringify(value)} WHERE config_key = ${key}`.execute(db);
  const wap = await read("wap_qrcode");
  if (wap?.url !== OLD_SEED_SITE_URL) return;
  await write("wap_qrcode", { img: "", url: "" });
  const site = await read("site_info");
  if (site && site.web_qrcode === wap.img) await write("site_info", { ...site, web_qrcode: "" });
}

export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  for (const [table, column] of PICTURE_COLUMNS) {
    await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = substr(${sql.ref(column)}, 2) WHERE ${sql.ref(column)} LIKE '/upload/%'`.execute(db);
  }
  for (const [table, column] of PICTURE_LIST_COLUMNS) {
    const listed = sql`(',' || ${sql.ref(column)})`;
    await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = substr(replace(${listed}, ',/upload/', ',upload/'), 2) WHERE ${listed} LIKE '%,/upload/%'`.execute(db);
  }
  // The spec values' pictures, in JSON written by JSON.stringify (one row per goods: done in SQL).
  await sql`UPDATE goods SET goods_spec_format = replace(goods_spec_format, '"image":"/upload/', '"image":"upload/') WHERE goods_spec_format LIKE '%"image":"/upload/%'`.execute(db);
  for (const [table, key, column] of PICTURE_JSON_COLUMNS) {
    const rows = await sql<{ id: string | number; text: string }>`SELECT ${sql.ref(key)} AS id, ${sql.ref(column)} AS text FROM ${sql.table(table)} WHERE ${sql.ref(column)} LIKE '%"/upload/%'`.execute(db);
    for (const row of rows.rows) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(row.text);
      } catch {
        continue; // not JSON: left as it is
      }
      const text = JSON.stringify(relativeInJson(parsed));
      if (text !== row.text) await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${text} WHERE ${sql.ref(key)} = ${row.id}`.execute(db);
    }
  }
  await forgetSeededMobileSite(db);
}
