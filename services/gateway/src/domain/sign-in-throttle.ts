/** Sign-in attempts not followed by a success, within the window: how many, and when the last was made. */
export interface FailedAttempts {
  count: number;
  lastAt: Date | null;
}

/** How many failed sign-ins are weighed before backoff, within a window, and the first wait after them. */
export interface SignInLimits {
  windowMs: number;
  /** The first wait once the free attempts are used up; each further failure doubles it, up to the window. */
  backoffMs: number;
  /** Failures at one account from one address (an IPv6 client: its /64). */
  perAccount: number;
  /** Failures from one address, whichever accounts they named. */
  perAddress: number;
}

/**
 * How long to wait before the next attempt is weighed: nothing while fewer than `free` attempts
 * failed; then `firstMs` after the last failure, doubling with each further one, at most
 * `windowMs`. Nothing ever locks an account: a wait ends, and failures older than the window are forgotten.
 */
export function backoffMs(failed: FailedAttempts, free: number, firstMs: number, windowMs: number, now: Date): number {
  if (failed.count < free || !failed.lastAt) return 0;
  const wait = Math.min(windowMs, firstMs * 2 ** Math.min(30, failed.count - free));
  return Math.max(0, failed.lastAt.getTime() + wait - now.getTime());
}

/**
 * The wait before a sign-in from `address` to an account is weighed: the longer of the
 * (account, address) pair's backoff and the address's. An address that never failed at the
 * account waits only for its own failures elsewhere, so an attacker hammering an account from
 * other addresses never keeps its owner out.
 */
export function signInWaitMs(pair: FailedAttempts, address: FailedAttempts, limits: SignInLimits, now: Date): number {
  const { windowMs, backoffMs: firstMs } = limits;
  return Math.max(
    backoffMs(pair, limits.perAccount, firstMs, windowMs, now),
    backoffMs(address, limits.perAddress, firstMs, windowMs, now),
  );
}
