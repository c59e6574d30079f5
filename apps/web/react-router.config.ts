import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // WEB_BUILD_DIR: the release directory `npm run build` builds into (apps/server/src/ops/build-cli.ts).
  buildDirectory: process.env.WEB_BUILD_DIR ?? "build",
  basename: "/web/",
  ssr: true,
  // React Router v8's behaviour, adopted now (every flag is stated, so builds print no future-flag warning).
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
    // Not yet: each changes what every loader receives. Middleware makes `context` a
    // RouterContextProvider (context.api → context.get(…) in every loader and in the server's
    // getLoadContext); pass-through requests keep ".data" and "_routes" in request.url, which
    // lib/auth.ts (login return path), lib/site-closed.ts and coming-soon-route.ts read (→ the `url` argument).
    v8_middleware: false,
    v8_passThroughRequests: false,
  },
} satisfies Config;
