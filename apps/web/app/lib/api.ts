import { createApiClient, httpTransport } from "@shop/contract/client";

/**
 * The browser's client: same-origin HTTP, the token rides in the httpOnly cookie.
 * Loaders use `context.api` (in-process) instead.
 */
export const browserApi = createApiClient(httpTransport(""));
