import { z } from "zod";
import { text } from "../endpoint.ts";

/** Field kinds the catalogue's back-office forms share (the console mirrors them in its form rules). */

/** A required name: trimmed, 1..max characters ("参数 category_name 不能为空"). */
export const requiredName = (max: number) => text(max).min(1);

/** 0 or 1 (shown, recommended, default…). */
export const flag = z.coerce.number().int().min(0).max(1);

/** A sort value: smaller first. */
export const MAX_SORT = 99_999;
export const sortValue = z.coerce.number().int().min(0).max(MAX_SORT).default(0);

/** A picture path as the upload answered it ("upload/goods/…"), or ""; no script URLs. */
export const picture = text(500)
  .refine((value) => !/^\s*(javascript|data|vbscript):/i.test(value), "图片地址不正确")
  .default("");

/** New sort values for up to 500 rows at once (one drag in a list). */
export const sortArray = <T extends z.ZodType>(item: T) => z.array(item).min(1).max(500);

/**
 * A goods service's icon as the reference stores it: a JSON string {"iconType":"img","imageUrl":"upload/…"}
 * ("" = none; the storefront then shows the name's first character). The console edits the picture path.
 */
export function serviceIconValue(path: string): string {
  return path ? JSON.stringify({ iconType: "img", imageUrl: path }) : "";
}

/** The picture path of a service icon ("" when it has none or is not a picture). */
export function serviceIconPath(icon: string): string {
  try {
    const value = JSON.parse(icon) as { iconType?: unknown; imageUrl?: unknown };
    return value.iconType === "img" && typeof value.imageUrl === "string" ? value.imageUrl : "";
  } catch {
    return "";
  }
}

/** "" or a service icon whose picture path passes `picture`. */
export const serviceIcon = z
  .string()
  .trim()
  .max(1000)
  .refine((value) => value === "" || (serviceIconPath(value) !== "" && picture.safeParse(serviceIconPath(value)).success), "图标格式不正确，请重新上传图标")
  .default("");
