import { createContext, useContext } from "react";

// The CSP nonce of this response, given to the server renderer by entry.server. In the browser it
// is empty: nonces are only needed for the scripts of the server-rendered document.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
