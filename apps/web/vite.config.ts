import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import path from "node:path";
import { antdCssSubset } from "./vite/antd-css-subset.ts";
import { shellChunk } from "./vite/shell-chunk.ts";

const appDir = path.resolve(import.meta.dirname, "app");

export default defineConfig({
  // Must equal the router basename: assets are served under /web/.
  base: "/web/",
  plugins: [antdCssSubset(appDir), reactRouter()],
  build: {
    cssMinify: true,
    sourcemap: process.env.WEB_SOURCEMAP === "1",
    rollupOptions: { output: { manualChunks: shellChunk(appDir, path.join(appDir, "root.tsx")) } },
  },
});
