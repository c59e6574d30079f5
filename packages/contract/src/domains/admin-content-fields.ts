import { z } from "zod";
import { id } from "../endpoint.ts";

/**
 * Field schemas the content back office's calls share (ads, floors, navigation, articles…).
 * Messages name the field in Chinese; the console mirrors the same rules in its forms.
 */

/** A required short text: trimmed, 1…max characters. */
export const requiredText = (label: string, max: number) =>
  z.string({ error: `请填写${label}` }).trim().min(1, `请填写${label}`).max(max, `${label}不能超过 ${max} 个字`);

/** An optional short text ("" when absent). */
export const optionalText = (label: string, max: number) =>
  z.string({ error: `${label}须为文字` }).trim().max(max, `${label}不能超过 ${max} 个字`).default("");

/** A link a page follows: "" (none), a storefront path ("/goods/list?…") or an http(s) URL. No javascript:, data: or spaces. */
export const SAFE_LINK = /^(\/(?!\/)|https?:\/\/)[^\s"'<>\\]*$/i;
export const link = (label: string) =>
  z
    .string({ error: `${label}须为文字` })
    .trim()
    .max(500, `${label}不能超过 500 个字符`)
    .refine((value) => value === "" || SAFE_LINK.test(value), `${label}须为站内路径（以 / 开头）或 http(s):// 开头的网址`)
    .default("");

/** A stored picture: "" (none), an uploaded path ("upload/content/…jpg"), a root path or an http(s) URL. */
export const SAFE_PICTURE = /^(https?:\/\/|\/)?[\w\-./%~+]+$/i;
export const picture = (label: string) =>
  z
    .string({ error: `${label}须为图片地址` })
    .trim()
    .max(500, `${label}不能超过 500 个字符`)
    .refine((value) => value === "" || (SAFE_PICTURE.test(value) && !value.includes("..")), `${label}不是有效的图片地址`)
    .default("");

/** "" or a #rgb / #rrggbb colour. */
export const COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
export const color = (label: string) =>
  z
    .string({ error: `${label}须为颜色` })
    .trim()
    .refine((value) => value === "" || COLOR.test(value), `${label}须为 #RRGGBB 格式的颜色`)
    .default("");

/** 0 or 1 (shown/hidden, new window…). */
export const flag = (label: string) =>
  z.coerce.number({ error: `${label}须为 0 或 1` }).pipe(z.union([z.literal(0), z.literal(1)], { error: `${label}须为 0 或 1` }));

/** A sort number 0…9999 (smaller first). */
export const sortNumber = (label = "排序") =>
  z.coerce.number({ error: `${label}须为数字` }).int(`${label}须为整数`).min(0, `${label}不能为负数`).max(9999, `${label}不能超过 9999`).default(0);

/** Rich text written in the editor: sanitised by the server before it is stored. */
export const richText = (label: string) =>
  z.string({ error: `请填写${label}` }).max(200_000, `${label}过长（不能超过 200000 个字符）`);

/** The new order of a list: every id once, first shown first. */
export const orderedIds = z
  .array(id, { error: "参数 ids 须为 ID 列表" })
  .min(1, "参数 ids 至少 1 项")
  .max(1000, "参数 ids 最多 1000 项")
  .refine((ids) => new Set(ids).size === ids.length, "参数 ids 有重复的 ID");

/** Paging and a search word for back-office lists. */
export const listQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  search_text: z.string().trim().max(50).default(""),
};
