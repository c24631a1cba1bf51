/*
 * Whether this process is shutting down. While it drains, /healthz answers 503 so a load
 * balancer stops sending it new requests, and the requests still in flight are answered.
 * On globalThis: the server entry and the React Router build are separate bundles.
 */
const state = globalThis as typeof globalThis & { __pawpalDraining?: boolean };

export function startDraining() {
  state.__pawpalDraining = true;
}

export function isDraining() {
  return state.__pawpalDraining === true;
}
