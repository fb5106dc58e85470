import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError } from '@vrp/errors';
import type { ConsoleAccounts, ConsoleSessionRecord } from '../db/console-accounts.js';
import { signInWaitMs, type SignInLimits } from '../domain/sign-in-throttle.js';
import type { HashingSlots } from '../console/hashing-slots.js';
import { hashPassword, needsRehash, UNKNOWN_USER_HASH, verifyPassword } from '../domain/password.js';

/** How long sessions live: `ttlMs` after sign-in at most, and `idleMs` after their last use. */
export interface SessionPolicy {
  ttlMs: number;
  idleMs: number;
}

/** A random secret for a cookie or a link: 256 bits, base64url. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** The only form in which session and invitation tokens are stored. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** A session just opened: the cookie's secret (given to the browser once) and the session. */
export interface OpenedSession {
  secret: string;
  session: ConsoleSessionRecord;
}

const invalidCredentials = () => new ApiError('invalid_credentials', 'The email or password is not right.');

/**
 * Signs a console user in. The attempt is weighed first, before any password work: failures of
 * this account from this address and of this address overall each get a few free attempts, then
 * a doubling backoff (429 rate_limited with Retry-After; see domain/sign-in-throttle.ts). An
 * unknown email costs the same scrypt work as a wrong password and answers the same 401
 * invalid_credentials. Password work runs in one of the gateway's hashing slots (429 when none
 * frees up in time); a hash made with older scrypt parameters is replaced on success. A success
 * clears the account's failures from this address.
 */
export async function signIn(
  ctx: { accounts: ConsoleAccounts; hashing: HashingSlots },
  input: { email: string; password: string; address: string; now: Date },
  policy: SessionPolicy & { limits: SignInLimits },
): Promise<OpenedSession> {
  const { accounts, hashing } = ctx;
  const email = input.email.trim().toLowerCase();
  const { limits } = policy;
  const admitted = await accounts.admitSignIn(email, input.address, input.now, limits.windowMs, (pair, byAddress) =>
    signInWaitMs(pair, byAddress, limits, input.now),
  );
  if ('waitMs' in admitted) {
    throw new ApiError('rate_limited', 'Too many failed sign-ins. Wait before trying again.', {
      retryAfter: Math.max(1, Math.ceil(admitted.waitMs / 1000)),
    });
  }
  const user = await accounts.findUserForSignIn(email);
  const stored = user?.passwordHash ?? UNKNOWN_USER_HASH;
  // undefined: no match; null: a match whose hash is current; a string: the match's hash with today's cost.
  let checked: string | null | undefined;
  try {
    checked = await hashing.run(async () => {
      if (!(await verifyPassword(input.password, stored)) || !user) return undefined;
      return needsRehash(stored) ? hashPassword(input.password) : null;
    });
  } catch (err) {
    // Refused for want of a hashing slot: the password was never weighed, so it is no failure either.
    await accounts.forgetSignInAttempt(admitted.attemptId);
    throw err;
  }
  if (checked === undefined || !user) throw invalidCredentials();
  if (checked) await accounts.replacePasswordHash(user.id, stored, checked);
  await accounts.clearSignInAttempts(email, input.address);
  return openSession(accounts, user.id, input.now, policy);
}

/** Opens a session for a user who has just proved who they are. */
export async function openSession(accounts: ConsoleAccounts, userId: string, now: Date, policy: SessionPolicy): Promise<OpenedSession> {
  const secret = newSecret();
  const tokenHash = hashSecret(secret);
  await accounts.createSession({ tokenHash, userId, csrfToken: newSecret(), at: now, expiresAt: new Date(now.getTime() + policy.ttlMs) });
  const session = await accounts.findLiveSession(tokenHash, now, policy.idleMs);
  if (!session) throw new Error('console session vanished right after it was created');
  return { secret, session };
}

/** Refreshing last use at most once a minute keeps a busy console from writing on every request. */
const TOUCH_EVERY_MS = 60_000;

/** The live session a cookie's secret opens, or null; using it keeps it from going idle. */
export async function resumeSession(
  accounts: ConsoleAccounts,
  secret: string,
  now: Date,
  policy: SessionPolicy,
): Promise<ConsoleSessionRecord | null> {
  const session = await accounts.findLiveSession(hashSecret(secret), now, policy.idleMs);
  if (session && now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await accounts.touchSession(session.tokenHash, now);
  return session;
}

/** True when the request's X-CSRF-Token is the session's (compared in constant time). */
export function csrfMatches(session: ConsoleSessionRecord, sent: string | undefined): boolean {
  if (!sent) return false;
  const a = Buffer.from(sent, 'utf8');
  const b = Buffer.from(session.csrfToken, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
