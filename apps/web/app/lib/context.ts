import type { ApiClient } from "@shop/contract";

/**
 * What the server hands every request: the API client bound to this request's cookies, and the
 * CSP nonce of the document being rendered (entry.server.tsx puts it on every inline script).
 */
declare module "react-router" {
  interface AppLoadContext {
    api: ApiClient;
    cspNonce: string;
  }
}

export {};
