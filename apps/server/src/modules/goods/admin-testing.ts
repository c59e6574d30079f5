import type { TestApp } from "../../test/harness.ts";
import { now } from "../../core/time.ts";

/**
 * Fixtures of the goods editor's tests (admin-*.test.ts): a category path and brand of the seed,
 * pictures "uploaded" by a staff member, and a goods form of 2×2 specs. Not imported by production code.
 */
export async function seededCategoryPath(t: TestApp): Promise<number[]> {
  const db = t.app.deps.db;
  const leaf = await db.selectFrom("goods_category").select(["category_id", "pid"]).where("level", "=", 3).orderBy("category_id").executeTakeFirstOrThrow();
  const middle = await db.selectFrom("goods_category").select(["category_id", "pid"]).where("category_id", "=", leaf.pid).executeTakeFirstOrThrow();
  return [middle.pid, middle.category_id, leaf.category_id];
}

export async function seededBrand(t: TestApp): Promise<{ brand_id: number; brand_name: string }> {
  return t.app.deps.db.selectFrom("goods_brand").select(["brand_id", "brand_name"]).orderBy("brand_id").executeTakeFirstOrThrow();
}

let pictureCounter = 0;

/** Records pictures as uploaded by this staff member through /shopapi/upload/goodsimg. */
export async function staffPictures(t: TestApp, staffUsernameOrId: number, count: number): Promise<string[]> {
  const paths = Array.from({ length: count }, () => `upload/goods/20261207/t${process.pid}_${(pictureCounter += 1)}.jpg`);
  await t.app.deps.db
    .insertInto("member_upload")
    .values(paths.map((path) => ({ member_id: 0, staff_id: staffUsernameOrId, kind: "goods", path, size: 100, width: 10, height: 10, create_time: now() })))
    .execute();
  return paths;
}

/** The staff id behind a token (the newest staff account: staffToken made it). */
export async function newestStaffId(t: TestApp): Promise<number> {
  const row = await t.app.deps.db.selectFrom("staff").select("staff_id").orderBy("staff_id", "desc").executeTakeFirstOrThrow();
  return row.staff_id;
}

/** A 2×2 goods form (颜色 红/蓝 × 尺码 S/M), on sale, express with free shipping. */
export function twoByTwoForm(name: string, categoryPath: number[], brandId: number, pictures: string[], skuNoPrefix: string) {
  const specs = [
    { spec_id: 1, spec_name: "颜色", value: [{ spec_value_id: 11, spec_value_name: "红色" }, { spec_value_id: 12, spec_value_name: "蓝色" }] },
    { spec_id: 2, spec_name: "尺码", value: [{ spec_value_id: 21, spec_value_name: "S" }, { spec_value_id: 22, spec_value_name: "M" }] },
  ];
  const skus = specs[0]!.value.flatMap((color, colorIndex) =>
    specs[1]!.value.map((size, sizeIndex) => ({
      sku_spec_format: [
        { spec_id: 1, spec_name: "颜色", spec_value_id: color.spec_value_id, spec_value_name: color.spec_value_name },
        { spec_id: 2, spec_name: "尺码", spec_value_id: size.spec_value_id, spec_value_name: size.spec_value_name },
      ],
      price: `${100 + colorIndex * 10 + sizeIndex}.00`,
      market_price: "199",
      cost_price: "50",
      stock: 10,
      stock_alarm: 2,
      sku_no: `${skuNoPrefix}-${colorIndex}${sizeIndex}`,
      weight: "0.5",
      volume: "0.001",
      is_default: colorIndex === 0 && sizeIndex === 0 ? 1 : 0,
    })),
  );
  return {
    goods_name: name,
    category_id: categoryPath,
    brand_id: brandId,
    goods_image: pictures.join(","),
    goods_content: "<p>好物</p>",
    introduction: "测试简介",
    keywords: "测试",
    unit: "件",
    support_trade_type: "express,store",
    is_free_shipping: 1,
    goods_spec_format: JSON.stringify(specs),
    goods_sku_data: JSON.stringify(skus),
  };
}
