import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the current response, for the inline scripts
 * React Router writes. Empty in the browser (browsers hide nonces from the DOM) and in
 * prerendered HTML, where the server adds it when it sends the file.
 */
export const NonceContext = createContext("");

export function useNonce() {
  return useContext(NonceContext) || undefined;
}
