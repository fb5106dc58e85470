import { ApiError, validationError } from '@vrp/errors';
import type { HashingSlots } from '../domain/hashing-slots.js';
import type { AuditLog } from '../db/audit-log.js';
import type { ConsoleAccounts, ConsoleSessionRecord } from '../db/console-accounts.js';
import type { ConsoleCredentials } from '../db/console-credentials.js';
import { checkPasswordPolicy, hashPassword, verifyPassword } from '../domain/password.js';
import { newRecoveryCodes, normaliseRecoveryCode } from '../domain/recovery-codes.js';
import type { SecretSealer } from '../domain/secret-sealing.js';
import { acceptTotp, newTotpSecret, totpUri } from '../domain/totp.js';
import { checkSecondFactor, hashSecret, totpContext, type SecondFactor } from './console-sessions.js';
import type { Acting } from './console-team.js';

/** What the account routes use: the user's credentials, the password slots, the sealer and the audit log. */
export interface AccountContext {
  accounts: ConsoleAccounts;
  credentials: ConsoleCredentials;
  hashing: HashingSlots;
  sealer: SecretSealer;
  audit: AuditLog;
}

/** The name authenticator apps show above the code. */
const ISSUER = 'VRP Console';

const actingOf = (session: ConsoleSessionRecord, where: Omit<Acting, 'actor'>): Acting => ({
  actor: { type: 'user', id: session.user.id, email: session.user.email },
  ...where,
});

/**
 * Changes the signed-in user's password after checking the current one (401 invalid_credentials
 * otherwise), and ends their other sessions: whoever knew the old password is signed out.
 */
export async function changePassword(
  ctx: AccountContext,
  session: ConsoleSessionRecord,
  input: { current: string; next: string },
  where: Omit<Acting, 'actor'>,
): Promise<void> {
  checkPasswordPolicy(input.next, 'new_password');
  const stored = await ctx.credentials.passwordHashOf(session.user.id);
  if (!stored) throw new ApiError('authentication_required', 'Sign in to the console.');
  const fresh = await ctx.hashing.run(async () => {
    if (!(await verifyPassword(input.current, stored))) return undefined;
    return hashPassword(input.next, ctx.hashing.logN);
  });
  if (!fresh) throw new ApiError('invalid_credentials', 'The current password is not right.');
  if (!(await ctx.credentials.changePassword(session.user.id, stored, fresh, session.tokenHash)))
    throw new ApiError('invalid_credentials', 'The password changed meanwhile: sign in again.');
  await ctx.audit.record({
    merchantId: session.merchant.id,
    ...actingOf(session, where),
    action: 'user.password_changed',
    target: { type: 'user', id: session.user.id },
  });
}

/** Ends every session of the signed-in user, this one included. */
export async function signOutEverywhere(ctx: AccountContext, session: ConsoleSessionRecord, where: Omit<Acting, 'actor'>): Promise<number> {
  const ended = await ctx.accounts.deleteSessionsOf(session.user.id);
  await ctx.audit.record({
    merchantId: session.merchant.id,
    ...actingOf(session, where),
    action: 'session.signed_out_everywhere',
    target: { type: 'user', id: session.user.id },
    details: { sessions: ended },
  });
  return ended;
}

/** Starts setting up two-factor sign-in: a new secret (kept sealed until confirmed) and its otpauth URI. */
export async function beginTwoFactorSetup(ctx: AccountContext, session: ConsoleSessionRecord): Promise<{ secret: string; uri: string }> {
  const secret = newTotpSecret();
  await ctx.credentials.setPendingTotp(session.user.id, ctx.sealer.seal(secret, totpContext(session.user.id)));
  return { secret, uri: totpUri(secret, session.user.email, ISSUER) };
}

/**
 * Turns two-factor sign-in on once a code from the new secret is right (400 validation_error on
 * `code` otherwise), and hands out ten recovery codes, shown once (only their hashes are kept).
 */
export async function confirmTwoFactorSetup(
  ctx: AccountContext,
  session: ConsoleSessionRecord,
  code: string,
  now: Date,
  where: Omit<Acting, 'actor'>,
): Promise<{ recoveryCodes: string[] }> {
  const { pending } = await ctx.credentials.totpOf(session.user.id);
  const secret = pending ? ctx.sealer.open(pending, totpContext(session.user.id)) : undefined;
  if (!pending || !secret) throw validationError('code', 'Start the two-factor setup first');
  const step = acceptTotp(secret, code, now, null);
  if (step === null) throw validationError('code', 'That code is not right: check the time on your device and try the current code');
  const recoveryCodes = newRecoveryCodes();
  const hashes = recoveryCodes.map((c) => hashSecret(normaliseRecoveryCode(c)));
  if (!(await ctx.credentials.enableTotp(session.user.id, pending, step, hashes)))
    throw validationError('code', 'The setup was restarted elsewhere: start again');
  await ctx.audit.record({
    merchantId: session.merchant.id,
    ...actingOf(session, where),
    action: 'user.two_factor_enabled',
    target: { type: 'user', id: session.user.id },
  });
  return { recoveryCodes };
}

/**
 * Turns two-factor sign-in off with a current code or a recovery code; refused (403
 * two_factor_setup_required) where it is required for this user.
 */
export async function disableTwoFactor(
  ctx: AccountContext,
  session: ConsoleSessionRecord,
  factor: SecondFactor,
  required: boolean,
  now: Date,
  where: Omit<Acting, 'actor'>,
): Promise<void> {
  if (required)
    throw new ApiError('two_factor_setup_required', 'Two-factor sign-in is required for your account and cannot be turned off.');
  const { secret, lastStep } = await ctx.credentials.totpOf(session.user.id);
  if (!secret) return;
  await checkSecondFactor(ctx, { id: session.user.id, totpSecret: secret, totpLastStep: lastStep }, factor, now);
  await ctx.credentials.disableTotp(session.user.id);
  await ctx.audit.record({
    merchantId: session.merchant.id,
    ...actingOf(session, where),
    action: 'user.two_factor_disabled',
    target: { type: 'user', id: session.user.id },
  });
}
