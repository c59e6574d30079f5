import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Rollup } from "vite";
import path from "node:path";
import { antdCssSubset } from "./vite/antd-css-subset.ts";
import { shellChunk } from "./vite/shell-chunk.ts";

const appDir = path.resolve(import.meta.dirname, "app");

/**
 * Build warnings that ask nothing of us, so a clean build prints none:
 * - an empty chunk: a resource route (sitemap.xml) has no browser code, but React Router makes a
 *   client entry of every route;
 * - a misplaced "pure" comment inside a dependency (zod 4): Rollup drops that comment, nothing else.
 */
function isExpectedWarning(warning: Rollup.RollupLog): boolean {
  if (warning.code === "EMPTY_BUNDLE") return true;
  return warning.code === "INVALID_ANNOTATION" && Boolean(warning.id?.includes("/node_modules/"));
}

export default defineConfig({
  // Must equal the router basename: assets are served under /web/.
  base: "/web/",
  plugins: [antdCssSubset(appDir), reactRouter()],
  build: {
    cssMinify: true,
    sourcemap: process.env.WEB_SOURCEMAP === "1",
    rollupOptions: {
      output: { manualChunks: shellChunk(appDir, path.join(appDir, "root.tsx")) },
      onwarn: (warning, warn) => {
        if (!isExpectedWarning(warning)) warn(warning);
      },
    },
  },
});
