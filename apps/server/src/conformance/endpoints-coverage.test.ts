import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { endpoints } from "@shop/contract";
import { AREAS, READS } from "./reads.ts";
import { expectFields, json, list, shapeProblems } from "./field-shape.ts";
import { docReadsLine } from "./docs-line.ts";

/**
 * Keeps the suite whole as calls are added: every call of the contract has what a reference client
 * reads (conformance/reads*.ts), its area's test file calls it, and docs/api.md or docs/api/*.md
 * list the same fields on a line "- `<path>`: `<fields>`" (see docReadsLine).
 */

const here = path.dirname(new URL(import.meta.url).pathname);
const docsDir = path.resolve(here, "../../../../docs");
const docs = [path.join(docsDir, "api.md"), ...fs.readdirSync(path.join(docsDir, "api")).map((file) => path.join(docsDir, "api", file))]
  .filter((file) => file.endsWith(".md"))
  .map((file) => fs.readFileSync(file, "utf8"))
  .join("\n");

/** Every test file of the server, for the back office's calls (below). */
function serverTestSources(dir = path.resolve(here, "..")): string {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return serverTestSources(full);
      return entry.name.endsWith(".test.ts") ? fs.readFileSync(full, "utf8") : "";
    })
    .join("\n");
}

/**
 * The back office's calls (issue 22: /shopapi/… of the console's goods, catalogue, content and
 * settings pages) have no reference client reading them: instead of reads entries, each is called by
 * a test of its module and documented in docs/api/console-*.md.
 */
const backOffice = Object.keys(endpoints).filter((apiPath) => apiPath.startsWith("/shopapi/") && !(apiPath in READS));

describe("conformance suite coverage", () => {
  it("has what a reference client reads for every call of the contract, and nothing for calls that do not exist", () => {
    const contract = Object.keys(endpoints);
    expect(contract.filter((apiPath) => !(apiPath in READS) && !backOffice.includes(apiPath)), "calls without an entry in conformance/reads*.ts").toEqual([]);
    expect(Object.keys(READS).filter((apiPath) => !contract.includes(apiPath)), "entries of calls the contract lacks").toEqual([]);
  });

  it.each(Object.entries(AREAS))("endpoints-%s.test.ts calls every call of its area", (area, reads) => {
    const source = fs.readFileSync(path.join(here, `endpoints-${area}.test.ts`), "utf8");
    expect(Object.keys(reads).filter((apiPath) => !source.includes(`"${apiPath}"`))).toEqual([]);
  });

  it("docs list, for every call, the fields a reference client reads, as the suite checks them", () => {
    const missing = Object.keys(READS).filter((apiPath) => !docs.includes(docReadsLine(apiPath)));
    expect(missing.map(docReadsLine), "add or correct these lines in docs/api.md or docs/api/*.md").toEqual([]);
  });

  it("tests call, and docs/api/console-*.md document, every call of the back office", () => {
    const tests = serverTestSources();
    expect(backOffice.filter((apiPath) => !tests.includes(`"${apiPath}"`)), "back-office calls no server test calls").toEqual([]);
    // Named as `/shopapi/goods/lists`, as `goods/lists` in a console doc's table, or as `lists`
    // under a heading naming `/shopapi/goods/*`.
    const named = (apiPath: string) => {
      const [controller, action] = apiPath.slice("/shopapi/".length).split("/");
      return [`\`${apiPath}\``, `\`${controller}/${action}\``].some((name) => docs.includes(name))
        || (docs.includes(`\`/shopapi/${controller}/*\``) && docs.includes(`\`${action}\``));
    };
    expect(backOffice.filter((apiPath) => !named(apiPath)), "back-office calls docs/api/*.md do not name").toEqual([]);
  });

  it("docs say where we differ from the reference, and why", () => {
    expect(docs).toContain("## Where we differ from the reference, and why");
  });
});

describe("the field checker", () => {
  const spec = { sku_id: "integer", sku_image: "picture", price: "money", spec: json(list({ sku_id: "integer" })) } as const;

  it("passes what a reference client can read", () => {
    expect(shapeProblems(spec, { sku_id: 1, sku_image: "upload/a.jpg", price: "1.00", spec: '[{"sku_id": 2}]' })).toEqual([]);
    expect(shapeProblems(spec, { sku_id: 1, sku_image: "https://cdn.example/a.jpg", price: "0.00", spec: '[{"sku_id": 2}]' })).toEqual([]);
  });

  it("names the endpoint and each field path, one line per kind of mismatch", () => {
    const bad = { sku_id: "1", sku_image: "/upload/a.jpg", price: 1, spec: '[{"sku_id": "2"}, {"sku_id": "3"}]' };
    expect(() => expectFields("/api/goodssku/info", bad, spec)).toThrow(/^\/api\/goodssku\/info: /);
    expect(shapeProblems(spec, bad)).toEqual([
      'data.sku_id: expected an integer, got string "1"',
      "data.sku_image: starts with '/' (reference clients request imgDomain + '/' + path → '//upload/…')",
      'data.price: expected money ("12.30"), got number 1',
      'data.spec⟨json⟩[0].sku_id: expected an integer, got string "2" (and 1 more like it)',
    ]);
  });

  it("refuses data: pictures, missing objects, and lists whose items it never saw", () => {
    expect(shapeProblems({ img: "picture", config: { show: "flag" }, list: list("integer") }, { img: "data:image/png;base64,AA", list: [] })).toEqual([
      "data.img: a data: URI (reference clients prefix it like a path; answer a PNG path)",
      "data.config: expected an object, got missing",
      "data.list: always empty here, so its items went unchecked (give the test data, or mark the list mayBeEmpty)",
    ]);
  });
});
