/** The browsing pages' title helper is the shared page-meta one (kept under this name for their imports). */
export { pageMeta as browseMeta } from "../../lib/page-meta.ts";
