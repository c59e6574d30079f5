/**
 * Errors that mean the database is unreachable, restarting or not answering — a fault of the
 * infrastructure, not of the request. The app answers them with -10005 "数据库暂时不可用" (HTTP
 * 503) and the request id, rather than the generic unknown-error message.
 */

/** PostgreSQL SQLSTATEs of a lost or refused session, or a statement cut by a server-side timeout. */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: pg_terminate_backend, a fast shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up, in recovery
  "57014", // query_canceled: statement_timeout
  "25P03", // idle_in_transaction_session_timeout
  "53300", // too_many_connections
]);

/** Socket errors on the way to the database. */
const UNAVAILABLE_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/** pg's own errors, which carry no code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // unexpectedly, or due to connection timeout
  /^timeout exceeded when trying to connect/, // the pool's connect (or wait for a free connection) timed out
  /is not queryable/, // a client whose connection already failed
  /^Query read timeout/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (code === "DB_QUERY_TIMEOUT") return true; // db/connect.ts DatabaseTimeoutError
  if (typeof code === "string") {
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08") || UNAVAILABLE_ERRNOS.has(code)) return true;
  }
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  // An AggregateError of several connect attempts (IPv4 and IPv6 both refused).
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return false;
}

export const databaseUnavailableMessage = (requestId: string) => `数据库暂时不可用，请稍后再试（请求编号 ${requestId}）`;
