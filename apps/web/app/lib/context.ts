import type { ApiClient } from "@shop/contract";

/**
 * What the server hands every request: the API client bound to this request's cookies, and the
 * CSP nonce of the document being rendered (entry.server.tsx puts it on every inline script), and
 * how to tell the page cache a render failed.
 */
declare module "react-router" {
  interface AppLoadContext {
    api: ApiClient;
    cspNonce: string;
    /** Tells the server's page cache that this render failed in part (it is served, not cached). */
    renderFailed?: () => void;
  }
}

export {};
