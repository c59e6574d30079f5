import { describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { neededPrefixes, subsetAntdCss } from "./antd-css-subset.ts";

const CSS = [
  ".css-var-x{--ant-color-primary:#e4393c}",
  ".ant-btn{color:red}",
  ".ant-btn-primary:hover{color:blue}",
  ".ant-table{color:green}",
  ".ant-table .ant-btn,.ant-table-row{margin:0}",
  "@media (max-width:100px){.ant-table{padding:0}.ant-btn{padding:1px}}",
  "@keyframes antZoomIn{0%{opacity:0}to{opacity:1}}",
  ".ant-zoom-enter{animation-name:antZoomIn}",
  "a{color:var(--ant-color-link)}a:hover,a:active{color:red}a[disabled]{cursor:not-allowed}",
  "a.ant-btn{padding-top:1px}",
].join("");

describe("antd CSS subset", () => {
  it("keeps the rules of needed components and everything not tied to a component", () => {
    const out = subsetAntdCss(CSS, new Set(["btn", "zoom"]));
    expect(out).toContain("--ant-color-primary");
    expect(out).toContain(".ant-btn{color:red}");
    expect(out).toContain(".ant-btn-primary:hover");
    expect(out).toContain(".ant-table .ant-btn");
    expect(out).not.toContain(".ant-table-row");
    expect(out).not.toContain(".ant-table{color:green}");
    expect(out).toContain("@media (max-width:100px){.ant-btn{padding:1px}}");
    expect(out).toContain("@keyframes antZoomIn");
    expect(out).toContain(".ant-zoom-enter");
  });

  it("drops antd's global link rules (the shop styles its own links) but keeps component ones", () => {
    const out = subsetAntdCss(CSS, new Set(["btn"]));
    expect(out).not.toMatch(/(^|})a[{:[]/);
    expect(out).toContain("a.ant-btn{padding-top:1px}");
  });

  it("finds the antd components an app imports, and refuses unknown ones", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "antd-subset-"));
    fs.writeFileSync(path.join(dir, "a.tsx"), 'import { Button, Modal as Dialog } from "antd";\nimport type { FormProps } from "antd";');
    const prefixes = neededPrefixes(dir);
    expect(prefixes.has("btn")).toBe(true);
    expect(prefixes.has("modal")).toBe(true);
    expect(prefixes.has("form")).toBe(false);
    fs.writeFileSync(path.join(dir, "b.tsx"), 'import { Mentions } from "antd";');
    expect(() => neededPrefixes(dir)).toThrow(/Mentions/);
    fs.rmSync(dir, { recursive: true });
  });
});
