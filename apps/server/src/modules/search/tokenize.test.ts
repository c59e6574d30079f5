import { describe, expect, it } from "vitest";
import { bigrams, indexTokens, parseQuery, runsOf } from "./tokenize.ts";
import { toFts5Match, toTsQuery } from "./match-syntax.ts";

const tokens = (text: string) => indexTokens(text).split(" ");
const terms = (keyword: string) => parseQuery(keyword).terms;

describe("search tokenizer", () => {
  it("normalises width and case and splits CJK from latin runs", () => {
    expect(runsOf("华为Ｐ６０ Pro，5G手机")).toEqual([
      { cjk: true, text: "华为" },
      { cjk: false, text: "p60" },
      { cjk: false, text: "pro" },
      { cjk: false, text: "5g" },
      { cjk: true, text: "手机" },
    ]);
  });

  it("indexes characters, bigrams and long words of CJK runs", () => {
    expect(bigrams("蓝牙耳机")).toEqual(["蓝牙", "牙耳", "耳机"]);
    expect(bigrams("茶")).toEqual([]);
    const indexed = tokens("降噪蓝牙耳机");
    for (const token of ["降", "机", "蓝牙", "耳机", "噪蓝"]) expect(indexed).toContain(token);
  });

  it("indexes latin runs whole and by letter/digit parts", () => {
    expect(tokens("K12 Type-C")).toEqual(["k12", "k", "12", "type", "c"]);
  });

  it("keeps short CJK queries as one token", () => {
    expect(terms("手机")).toEqual([[["手机"]]]);
    expect(terms("茶")).toEqual([[["茶"]]]);
  });

  it("splits longer CJK queries into words, pairing lone characters with a neighbour", () => {
    expect(terms("蓝牙耳机")).toEqual([[["蓝牙"]], [["耳机"]]]);
    // 华|为|手机: the pairs 华为 / 为手 are implied by 华为, so the query is 华为 AND 手机.
    expect(terms("华为手机")).toEqual([[["华为"]], [["手机"]]]);
    expect(terms("笔记本电脑")).toEqual([[["笔记"]], [["记本"], ["本电"]], [["电脑"]]]);
  });

  it("finds no terms in punctuation", () => {
    expect(terms("！？ -- ")).toEqual([]);
    expect(toFts5Match(parseQuery("！"))).toBe("");
  });

  it("renders FTS5 and tsquery syntax, with a prefix on a trailing latin token", () => {
    const query = parseQuery("笔记本电脑 pro", { prefix: true });
    expect(toFts5Match(query)).toBe('"笔记" AND ("记本" OR "本电") AND "电脑" AND "pro"*');
    expect(toFts5Match(query, ["n"])).toBe('"n笔记" AND ("n记本" OR "n本电") AND "n电脑" AND "npro"*');
    expect(toFts5Match(parseQuery("手机"), ["n", "i"])).toBe('("n手机" OR "i手机")');
    expect(toTsQuery(query)).toBe("'笔记' & ('记本' | '本电') & '电脑' & 'pro':*");
    expect(toTsQuery(parseQuery("蓝牙耳机"), "A")).toBe("'蓝牙':A & '耳机':A");
    expect(parseQuery("华为手机", { prefix: true }).prefix).toBe(false);
  });
});
