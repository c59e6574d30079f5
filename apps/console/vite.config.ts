import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Rollup } from "vite";

/** A misplaced "pure" comment inside a dependency (zod 4): Rollup drops the comment, nothing else. */
function isExpectedWarning(warning: Rollup.RollupLog): boolean {
  return warning.code === "INVALID_ANNOTATION" && Boolean(warning.id?.includes("/node_modules/"));
}

/** antd and its rc-* parts in one chunk, React and the router in another: cached apart from the console's own code. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes("/node_modules/")) return undefined;
  if (/\/node_modules\/(antd|@ant-design|@rc-component|rc-[\w-]+|dayjs)\//.test(id)) return "antd";
  if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return "react";
  return undefined;
}

export default defineConfig({
  // Must equal the router basename: the server serves the build under /console/.
  base: "/console/",
  plugins: [reactRouter()],
  build: {
    cssMinify: true,
    // antd is one chunk of about 1 MB (300 kB compressed), loaded once by staff browsers and cached.
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      output: { manualChunks: vendorChunk },
      onwarn: (warning, warn) => {
        if (!isExpectedWarning(warning)) warn(warning);
      },
    },
  },
});
