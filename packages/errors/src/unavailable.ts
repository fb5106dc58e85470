import { ApiError, isApiError } from './api-error.js';

/** SQLSTATEs of a database that went away: admin shutdown, crash, cannot connect now, connection exceptions, too many connections. */
const LOST_DATABASE = /^(57P0[123]|08\d{3}|53300)$/;
/**
 * SQLSTATE classes that are the statement's own fault, whatever the database's health: data
 * exceptions (22), integrity constraint violations (23), syntax errors and access rules (42).
 */
const STATEMENT_FAULT = /^(22|23|42)/;
/** Prisma's codes for an unreachable database, a closed connection, an exhausted pool or a transaction lost with its connection. */
const PRISMA_UNREACHABLE = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028', 'P2037']);
/** The driver adapter's kinds for the same (its error's cause carries a kind, not always a code). */
const ADAPTER_UNREACHABLE = new Set(['ConnectionClosed', 'DatabaseNotReachable', 'SocketTimeout', 'TooManyConnections']);
const LOST_CONNECTION_TEXT =
  /terminating connection|connection terminated|server closed the connection|ECONNREFUSED|ECONNRESET|connection error|not queryable|connection closed|Transaction API error/i;
/** The system calls of a network conversation: an error from one is the peer's or the network's. */
const NETWORK_SYSCALLS = new Set(['connect', 'read', 'write', 'writev', 'getaddrinfo', 'shutdown']);

/** Where an error came from, when a dependency's client marked it (see markDependencyError). */
const ORIGIN = Symbol.for('vrp.errors.dependency-origin');

/**
 * Marks `err` as raised by the client of a dependency (`origin`, e.g. `postgres`): the pool, the
 * driver or the socket, not the code that called it. Such an error means the dependency failed,
 * except the database's verdict on the statement itself (SQLSTATE classes 22, 23 and 42). The
 * mark is kept on the error object (not enumerable) and survives wrapping as a `cause`.
 */
export function markDependencyError<E>(err: E, origin: string): E {
  if (err !== null && typeof err === 'object' && !Object.prototype.hasOwnProperty.call(err, ORIGIN)) {
    try {
      Object.defineProperty(err, ORIGIN, { value: origin, enumerable: false });
    } catch {
      // A frozen error cannot carry the mark; it is then classified by its code and text alone.
    }
  }
  return err;
}

/** The dependency a marked error came from (markDependencyError), looking through causes; undefined otherwise. */
export function dependencyOrigin(err: unknown, depth = 0): string | undefined {
  if (!err || typeof err !== 'object' || depth > 4) return undefined;
  const origin = (err as { [ORIGIN]?: unknown })[ORIGIN];
  if (typeof origin === 'string') return origin;
  return dependencyOrigin((err as { cause?: unknown }).cause, depth + 1);
}

const statementFault = (code: unknown) => typeof code === 'string' && STATEMENT_FAULT.test(code);

/**
 * True when `err` says a dependency (the database) is unavailable rather than that the code is
 * wrong. Classified by origin first: anything the database's pool, driver or socket raised
 * (marked by markDependencyError, or carrying the driver adapter's `originalCode`) is the
 * dependency's failure unless its SQLSTATE is of class 22, 23 or 42; a network system call's
 * error (EPIPE, ETIMEDOUT…) too. Errors nothing marked are recognised by their SQLSTATE, Prisma
 * code, adapter kind or driver message. Looks through causes and the driver adapter's error,
 * where Prisma keeps the SQLSTATE.
 */
export function isUnavailableDependency(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as {
    [ORIGIN]?: unknown;
    code?: unknown;
    kind?: unknown;
    originalCode?: unknown;
    syscall?: unknown;
    message?: unknown;
    cause?: unknown;
    meta?: { driverAdapterError?: unknown };
  };
  if (typeof e[ORIGIN] === 'string') return !statementFault(e.code);
  if (typeof e.originalCode === 'string') return !statementFault(e.originalCode);
  if (typeof e.syscall === 'string' && NETWORK_SYSCALLS.has(e.syscall)) return true;
  if (typeof e.kind === 'string' && ADAPTER_UNREACHABLE.has(e.kind)) return true;
  if (typeof e.code === 'string' && (LOST_DATABASE.test(e.code) || PRISMA_UNREACHABLE.has(e.code))) return true;
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

/**
 * What a catch path throws when its own work (a query that cleans up or looks for a repeat)
 * failed with `later` while it handled `original`: the original fault, which says what happened
 * to the request (a verdict, or a dependency that failed), so a second failure on the way out
 * never turns it into something else. A `later` ApiError is no failure but the catch path's own
 * verdict (it found what the original meant), so it stands; and an original that is neither (an
 * unexpected error the catch path was there to explain, such as a lost race on a key) gives way
 * to a `later` that is a dependency failure.
 */
export function originalFault(original: unknown, later: unknown): unknown {
  if (isApiError(later)) return later;
  if (isApiError(original) || isUnavailableDependency(original)) return original;
  return isUnavailableDependency(later) ? later : original;
}
