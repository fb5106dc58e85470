import { ApiError } from './api-error.js';

/** SQLSTATEs of a database that went away: admin shutdown, crash, cannot connect now, connection exceptions, too many connections. */
const LOST_DATABASE = /^(57P0[123]|08\d{3}|53300)$/;
/** Prisma's codes for an unreachable database, a closed connection, an exhausted pool or a transaction lost with its connection. */
const PRISMA_UNREACHABLE = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028', 'P2037']);
/** The driver adapter's kinds for the same (its error's cause carries a kind, not always a code). */
const ADAPTER_UNREACHABLE = new Set(['ConnectionClosed', 'DatabaseNotReachable', 'SocketTimeout', 'TooManyConnections']);
const LOST_CONNECTION_TEXT =
  /terminating connection|connection terminated|server closed the connection|ECONNREFUSED|ECONNRESET|connection error|not queryable|connection closed|Transaction API error/i;

/**
 * True when `err` says a dependency (the database) is unavailable rather than that the code is
 * wrong: a terminated or refused connection, a server shutting down, an exhausted pool. Looks
 * through causes and the driver adapter's error, where Prisma keeps the SQLSTATE.
 */
export function isUnavailableDependency(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as {
    code?: unknown;
    kind?: unknown;
    originalCode?: unknown;
    message?: unknown;
    cause?: unknown;
    meta?: { driverAdapterError?: unknown };
  };
  if (typeof e.kind === 'string' && ADAPTER_UNREACHABLE.has(e.kind)) return true;
  if (typeof e.code === 'string' && (LOST_DATABASE.test(e.code) || PRISMA_UNREACHABLE.has(e.code))) return true;
  if (typeof e.originalCode === 'string' && LOST_DATABASE.test(e.originalCode)) return true;
  if (typeof e.message === 'string' && LOST_CONNECTION_TEXT.test(e.message)) return true;
  return isUnavailableDependency(e.cause, depth + 1) || isUnavailableDependency(e.meta?.driverAdapterError, depth + 1);
}

/**
 * The ApiError to answer for an error no domain code produced: 503 service_unavailable when a
 * dependency is down (the client should retry), else 500 internal_error (a bug).
 */
export function unexpectedError(err: unknown): ApiError {
  return isUnavailableDependency(err)
    ? new ApiError('service_unavailable', 'A dependency is unavailable; retry shortly.', { cause: err })
    : new ApiError('internal_error', 'An internal error occurred. Quote the request_id when contacting support.', { cause: err });
}
