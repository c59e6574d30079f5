import { createContext, useContext } from "react";

/**
 * The document's CSP nonce, provided by entry.server.tsx while rendering on the server. The
 * browser never needs it (inline scripts only run from the server's HTML, and it hides nonce
 * attributes anyway), so on the client this is undefined.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
