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
