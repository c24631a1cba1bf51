/** What the Express server hands every loader and action (host/index.ts). */
declare module "react-router" {
  interface AppLoadContext {
    /** Nonce of this response's Content-Security-Policy. */
    cspNonce: string;
    /** The client's address (X-Forwarded-For only when TRUST_PROXY is set). */
    clientIp: string;
  }
}

export {};
