import type { Config } from "@react-router/dev/config";

/**
 * The staff console: a single-page app (staff pages need no SSR and no search engine), built to
 * build/client and served by the API server under /console/ (apps/server/src/console/serve.ts).
 */
export default {
  appDirectory: "app",
  // CONSOLE_BUILD_DIR: where `npm run build` puts a new release (apps/server/src/ops/build-cli.ts).
  buildDirectory: process.env.CONSOLE_BUILD_DIR ?? "build",
  basename: "/console/",
  ssr: false,
  // The same future flags as the storefront (apps/web/react-router.config.ts), so builds print no warning.
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_middleware: false,
    v8_passThroughRequests: false,
  },
} satisfies Config;
