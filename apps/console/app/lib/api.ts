import { createApiClient, httpTransport, WEB_CLIENT_HEADER, WEB_CLIENT_NAME } from "@shop/contract/client";

/**
 * The console's client: same-origin POST JSON. The header makes /shopapi/login/login set the staff
 * session in an httpOnly cookie (and answer no token), which every later staff call and the
 * servicer socket's upgrade read: the page's scripts never hold the token.
 */
export const consoleHeaders = { [WEB_CLIENT_HEADER]: WEB_CLIENT_NAME };
export const consoleApi = createApiClient(httpTransport("", { headers: consoleHeaders }));
