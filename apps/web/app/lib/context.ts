import type { ApiClient } from "@shop/contract";

/** What the server hands every loader: the API client bound to this request's cookies. */
declare module "react-router" {
  interface AppLoadContext {
    api: ApiClient;
  }
}

export {};
