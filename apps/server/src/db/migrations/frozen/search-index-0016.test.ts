import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../migrate.ts";
import { rebuildSqliteSearchIndex0016 } from "./search-index-0016.ts";

/**
 * Pins what migration 0016's rebuild writes (SQLite only: 0016 changes nothing on PostgreSQL, so
 * both passes of npm test run this on SQLite). When it was frozen, the copy wrote exactly what the
 * search module's rebuildSearchIndex wrote (compared on a 20,000-SKU seed: 6,814 documents, 3,575
 * suggestions); from now on only this test says what it writes, whatever the module becomes.
 */
describe("migration 0016's search index rebuild", () => {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(":memory:") }) }); // eslint-disable-line @typescript-eslint/no-explicit-any -- rows of a test
  beforeAll(async () => {
    await migrateToLatest(db, "sqlite");
    await db
      .insertInto("goods_category")
      .values([
        { category_id: 1, category_name: "手机数码", short_name: "数码", level: 1, pid: 0 },
        { category_id: 2, category_name: "手机通讯", short_name: "通讯", level: 2, pid: 1 },
        { category_id: 3, category_name: "智能手机", short_name: "手机", level: 3, pid: 2 },
      ])
      .execute();
    const goods = { category_id_1: 1, category_id_2: 2, category_id_3: 3, sale_num: 0, is_free_shipping: 0, goods_state: 1 };
    await db
      .insertInto("goods")
      .values([
        { ...goods, goods_id: 1, goods_name: "华为 Mate60 Pro 笔记本电脑", brand_name: "华为", brand_id: 7, keywords: "5G手机,旗舰", introduction: "麒麟芯片，计算机巧克力", sale_num: 5 },
        { ...goods, goods_id: 2, goods_name: "小米ＵＳＢ数据线", brand_name: "小米", brand_id: 8, keywords: "", introduction: "", is_free_shipping: 1 },
        { ...goods, goods_id: 3, goods_name: "下架商品", brand_name: "小米", brand_id: 8, keywords: "", introduction: "", goods_state: 0 },
      ])
      .execute();
    await rebuildSqliteSearchIndex0016(db);
  });
  afterAll(() => db.destroy());

  it("writes each goods on sale's field-prefixed tokens", async () => {
    const docs = await db.selectFrom("goods_search_doc").select(["goods_id", "terms"]).orderBy("goods_id").execute();
    const identity = "i数 i码 i数码 i手 i机 i通 i讯 i手机 i机通 i通讯 i通 i讯 i通讯 i智 i能 i手 i机 i智能 i能手 i手机 i手 i机 i手机";
    expect(docs).toEqual([
      {
        goods_id: 1,
        terms:
          "n华 n为 n华为 nmate60 nmate n60 npro n笔 n记 n本 n电 n脑 n笔记 n记本 n本电 n电脑 i华 i为 i华为 " + identity +
          " i5g i5 ig i手 i机 i手机 i旗 i舰 i旗舰 d麒 d麟 d芯 d片 d麒麟 d麟芯 d芯片 d计 d算 d机 d巧 d克 d力 d计算 d算机 d机巧 d巧克 d克力 d巧克力",
      },
      { goods_id: 2, terms: "n小 n米 n小米 nusb n数 n据 n线 n数据 n据线 i小 i米 i小米 " + identity },
    ]);
  });

  it("puts them in the index at their rank key, with their tags, through 0016's triggers", async () => {
    const rowids = async (match: string) => (await sql<{ rowid: number }>`select rowid from goods_search where goods_search match ${match} order by rowid`.execute(db)).rows.map((row) => row.rowid);
    expect(await rowids("i手机")).toEqual([-(5 * 2 ** 32 + 1), -2]);
    expect(await rowids("fs")).toEqual([-2]);
    expect(await rowids("n下架")).toEqual([]);
  });

  it("writes the suggestion words with their goods counts", async () => {
    const rows = await db.selectFrom("goods_search_suggest").select(["keyword", "goods_count", "tokens"]).orderBy("keyword").execute();
    expect(rows).toEqual([
      { keyword: "5G手机", goods_count: 1, tokens: "5g 5 g 手 机 手机" },
      { keyword: "华为", goods_count: 1, tokens: "华 为 华为" },
      { keyword: "华为 5G手机", goods_count: 1, tokens: "华 为 华为 5g 5 g 手 机 手机" },
      { keyword: "华为 旗舰", goods_count: 1, tokens: "华 为 华为 旗 舰 旗舰" },
      { keyword: "华为 智能手机", goods_count: 1, tokens: "华 为 华为 智 能 手 机 智能 能手 手机" },
      { keyword: "小米", goods_count: 1, tokens: "小 米 小米" },
      { keyword: "小米 智能手机", goods_count: 1, tokens: "小 米 小米 智 能 手 机 智能 能手 手机" },
      { keyword: "旗舰", goods_count: 1, tokens: "旗 舰 旗舰" },
      { keyword: "智能手机", goods_count: 2, tokens: "智 能 手 机 智能 能手 手机" },
    ]);
  });
});
