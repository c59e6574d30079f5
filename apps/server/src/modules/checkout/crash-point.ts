/**
 * Forced crash points for the tests that prove a create killed half-way leaves a whole order or
 * nothing: when SHOP_CRASH_POINT names this point, the process exits at once, without unwinding,
 * committing or closing anything — as a power cut or `kill -9` would.
 */
export function crashPoint(name: string): void {
  if (process.env.SHOP_CRASH_POINT === name) process.exit(86);
}
