import { describe, expect, it } from "vitest";
import type { GetModuleInfo, ModuleInfo } from "rollup";
import { rootDependencies } from "./shell-chunk.ts";

const APP = "/repo/apps/web/app";

/** A module graph: each id lists its static imports. */
function graph(imports: Record<string, string[]>): GetModuleInfo {
  return (id) => (id in imports ? ({ id, importedIds: imports[id] } as unknown as ModuleInfo) : null);
}

describe("rootDependencies", () => {
  it("collects the app modules the root reaches through app modules, not packages or the contract", () => {
    const modules = graph({
      [`${APP}/root.tsx`]: [`${APP}/lib/a.ts`, "/repo/node_modules/react/index.js"],
      [`${APP}/lib/a.ts`]: [`${APP}/components/chrome/B.tsx`, "/repo/packages/contract/src/index.ts"],
      [`${APP}/components/chrome/B.tsx`]: [`${APP}/lib/a.ts`],
      "/repo/packages/contract/src/index.ts": [`${APP}/never.ts`],
      "/repo/node_modules/react/index.js": [],
      [`${APP}/routes/page.tsx`]: [`${APP}/lib/page-only.ts`],
      [`${APP}/lib/page-only.ts`]: [],
    });
    expect([...rootDependencies(APP, `${APP}/root.tsx`, modules)].sort()).toEqual([`${APP}/components/chrome/B.tsx`, `${APP}/lib/a.ts`]);
  });

  it("also starts from the root module loaded with React Router's query", () => {
    const modules = graph({
      [`${APP}/root.tsx?__react-router-build-client-route`]: [`${APP}/lib/a.ts`],
      [`${APP}/lib/a.ts`]: [],
    });
    expect([...rootDependencies(APP, `${APP}/root.tsx`, modules)]).toEqual([`${APP}/lib/a.ts`]);
  });
});
