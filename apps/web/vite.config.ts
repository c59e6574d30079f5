import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import path from "node:path";
import { antdCssSubset } from "./vite/antd-css-subset.ts";

export default defineConfig({
  // Must equal the router basename: assets are served under /web/.
  base: "/web/",
  plugins: [antdCssSubset(path.resolve(import.meta.dirname, "app")), reactRouter()],
  build: { cssMinify: true },
});
