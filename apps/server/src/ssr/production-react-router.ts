import { register } from "node:module";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * React Router's package exports point at its development build whatever NODE_ENV says; its
 * production build (same API, without dev-time checks and warnings) renders pages faster. In
 * production this resolve hook sends every `react-router` import of the process — ours and the
 * storefront build's — to that build, so there is still one copy of the router. Call before the
 * first import of react-router (main.ts does, before it loads the app).
 */
export function useProductionReactRouter(): void {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve("react-router/package.json"));
  const production = pathToFileURL(path.join(packageDir, "dist/production/index.mjs")).href;
  const hooks = `export async function resolve(specifier, context, next) {
    if (specifier === "react-router") return { url: ${JSON.stringify(production)}, shortCircuit: true };
    return next(specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
}
