/**
 * Loader data for the server's render only. React Router sends every loader's data to the
 * browser a second time, inside the HTML, for hydration; for a large block the page shows as is
 * (the home floors) that doubles its bytes. Wrapped here, the server render reads `.value` but
 * the payload leaves it out: React Router's encoder (turbo-stream) writes an object's own
 * enumerable keys only. The browser then keeps the server's markup (components/ui/ServerMarkup)
 * and gets the data itself only when it renders the block (a client-side navigation).
 */
export interface RenderOnly<T> {
  readonly value?: T;
}

/** Seen by the server render, not sent to the browser. */
export function renderOnly<T>(value: T): RenderOnly<T> {
  return Object.defineProperty({}, "value", { value, enumerable: false });
}

/** The same shape for data the browser loaded itself (a client loader): plainly visible. */
export function rendered<T>(value: T): RenderOnly<T> {
  return { value };
}
