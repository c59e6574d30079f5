import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // WEB_BUILD_DIR: a build of one's own beside the default (the server reads the same variable).
  buildDirectory: process.env.WEB_BUILD_DIR ?? "build",
  basename: "/web/",
  ssr: true,
} satisfies Config;
