import { createApiClient, httpTransport, WEB_CLIENT_HEADER, WEB_CLIENT_NAME } from "@shop/contract/client";

/**
 * The browser's client: same-origin HTTP, the token rides in the httpOnly cookie, and the header
 * tells the server not to put it in login answers either. Loaders use `context.api` (in-process) instead.
 */
export const browserApi = createApiClient(httpTransport("", { headers: { [WEB_CLIENT_HEADER]: WEB_CLIENT_NAME } }));
