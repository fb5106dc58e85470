import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError } from '@vrp/errors';
import type { ConsoleAccounts, ConsoleSessionRecord, ConsoleUserCredentials } from '../db/console-accounts.js';
import type { ConsoleCredentials } from '../db/console-credentials.js';
import type { SecretSealer } from '../domain/secret-sealing.js';
import { normaliseRecoveryCode } from '../domain/recovery-codes.js';
import { acceptTotp } from '../domain/totp.js';
import { signInWaitMs, type SignInLimits } from '../domain/sign-in-throttle.js';
import type { HashingSlots } from '../domain/hashing-slots.js';
import { hashPassword, needsRehash, unknownUserHash, verifyPassword } from '../domain/password.js';

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
const invalidCode = () => new ApiError('invalid_credentials', 'The two-factor code is not right (or was used already).');

/** Accounts with one address tried at one sign-in at most (one per merchant the address belongs to). */
const MAX_ACCOUNTS_PER_EMAIL = 5;

/** The sealing context of a user's TOTP secret: a sealed secret cannot be moved to another user. */
export const totpContext = (userId: string) => `console-totp\n${userId}`;

/** The second factor a sign-in may carry: a TOTP code or one of the user's recovery codes. */
export interface SecondFactor {
  code?: string;
  recoveryCode?: string;
}

/**
 * Checks the second factor of a user with two-factor sign-in: a TOTP code (good once: its step is
 * recorded) or an unused recovery code (used up). 401 two_factor_required without one,
 * invalid_credentials when it is wrong.
 */
export async function checkSecondFactor(
  ctx: { credentials: ConsoleCredentials; sealer: SecretSealer },
  user: Pick<ConsoleUserCredentials, 'id' | 'totpSecret' | 'totpLastStep'>,
  factor: SecondFactor,
  now: Date,
): Promise<'totp' | 'recovery_code'> {
  if (!user.totpSecret) throw new Error('checkSecondFactor for a user without two-factor sign-in');
  if (factor.recoveryCode) {
    if (await ctx.credentials.useRecoveryCode(user.id, hashSecret(normaliseRecoveryCode(factor.recoveryCode)), now)) return 'recovery_code';
    throw invalidCode();
  }
  if (!factor.code) throw new ApiError('two_factor_required', 'Enter the code from your authenticator app (or a recovery code).');
  const secret = ctx.sealer.open(user.totpSecret, totpContext(user.id));
  if (!secret) throw new Error(`the TOTP secret of ${user.id} cannot be opened with the sealing keys held`);
  const step = acceptTotp(secret, factor.code, now, user.totpLastStep);
  if (step === null || !(await ctx.credentials.useTotpStep(user.id, step))) throw invalidCode();
  return 'totp';
}

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
  ctx: { accounts: ConsoleAccounts; hashing: HashingSlots; credentials: ConsoleCredentials; sealer: SecretSealer },
  input: { email: string; password: string; address: string; now: Date } & SecondFactor,
  policy: SessionPolicy & { limits: SignInLimits },
): Promise<OpenedSession & { factor: 'password' | 'totp' | 'recovery_code' }> {
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
  // An address is unique per merchant only: each account with it is tried, oldest first, and the
  // first whose password matches signs in. No account costs the same scrypt work as one.
  const candidates = await accounts.findUsersForSignIn(email, MAX_ACCOUNTS_PER_EMAIL);
  // The match and, when its hash was made with older parameters, its hash with today's cost.
  let checked: { user: ConsoleUserCredentials; rehash: string | null } | undefined;
  try {
    checked = await hashing.run(async () => {
      if (candidates.length === 0) {
        await verifyPassword(input.password, unknownUserHash(hashing.logN));
        return undefined;
      }
      for (const user of candidates) {
        if (await verifyPassword(input.password, user.passwordHash))
          return { user, rehash: needsRehash(user.passwordHash, hashing.logN) ? await hashPassword(input.password, hashing.logN) : null };
      }
      return undefined;
    });
  } catch (err) {
    // Refused for want of a hashing slot: the password was never weighed, so it is no failure either.
    await accounts.forgetSignInAttempt(admitted.attemptId);
    throw err;
  }
  if (!checked) throw invalidCredentials();
  const { user, rehash } = checked;
  if (rehash) await accounts.replacePasswordHash(user.id, user.passwordHash, rehash);
  let factor: 'password' | 'totp' | 'recovery_code' = 'password';
  if (user.totpSecret) {
    if (!input.code && !input.recoveryCode) {
      // The password was right: asking for the code is no failure (a wrong code is).
      await accounts.forgetSignInAttempt(admitted.attemptId);
      throw new ApiError('two_factor_required', 'Enter the code from your authenticator app (or a recovery code).');
    }
    factor = await checkSecondFactor(ctx, user, input, input.now);
  }
  await accounts.clearSignInAttempts(email, input.address);
  return { ...(await openSession(accounts, user.id, input.now, policy)), factor };
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
