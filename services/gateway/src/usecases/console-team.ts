import { ApiError, notFound, validationError } from '@vrp/errors';
import type { HashingSlots } from '../console/hashing-slots.js';
import { newId } from '@vrp/ids';
import type { ConsoleAccounts, ConsoleInvitationRecord, ConsoleUserRecord } from '../db/console-accounts.js';
import type { MerchantRepository } from '../db/merchants.js';
import { normaliseEmail } from '../domain/email.js';
import { checkPasswordPolicy, hashPassword } from '../domain/password.js';
import { hashSecret, newSecret } from './console-sessions.js';

/** How long an invitation link stays usable. */
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

/** The most open (unaccepted, unexpired) invitations a merchant may have at once. */
export const MAX_OPEN_INVITATIONS = 20;

const invalidLink = () => validationError('token', 'This invitation link is not valid: it may have been used already or have expired');

/** The operator CLI's way in: the first console user of a merchant (or any later one). */
export async function createConsoleUser(
  accounts: ConsoleAccounts,
  merchants: Pick<MerchantRepository, 'find'>,
  input: { merchantId: string; email: string; password: string },
): Promise<ConsoleUserRecord> {
  const email = normaliseEmail(input.email);
  checkPasswordPolicy(input.password);
  if (!(await merchants.find(input.merchantId))) throw notFound('merchant', input.merchantId);
  // Checked before hashing too (the insert still decides a race): a taken email costs no scrypt.
  if (await accounts.findUserForSignIn(email)) throw validationError('email', 'This email already belongs to a console user');
  return accounts.createUser({
    id: newId('consoleUser'),
    merchantId: input.merchantId,
    email,
    passwordHash: await hashPassword(input.password),
  });
}

/**
 * Invites a teammate to the inviter's merchant: the answer carries the link's secret once (only
 * its hash is stored); whoever opens the link within 7 days chooses a password and joins. A
 * merchant with MAX_OPEN_INVITATIONS open invitations is refused with 422 invitation_limit_reached.
 */
export async function inviteTeammate(
  accounts: ConsoleAccounts,
  input: { merchantId: string; invitedBy: string; email: string; now: Date },
): Promise<{ invitation: ConsoleInvitationRecord; secret: string }> {
  const email = normaliseEmail(input.email);
  if (await accounts.findUserForSignIn(email)) throw validationError('email', 'This email already belongs to a console user');
  const secret = newSecret();
  const invitation = {
    id: newId('consoleInvitation'),
    merchantId: input.merchantId,
    email,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + INVITATION_TTL_MS),
  };
  if (
    !(await accounts.createInvitation({ ...invitation, tokenHash: hashSecret(secret), invitedBy: input.invitedBy }, MAX_OPEN_INVITATIONS))
  ) {
    throw new ApiError(
      'invitation_limit_reached',
      `A merchant can have at most ${MAX_OPEN_INVITATIONS} open invitations; wait for some to be accepted or to expire.`,
    );
  }
  return { invitation, secret };
}

/**
 * Turns an invitation into a user with the password they chose; each link works once. The link
 * is looked up first, so a wrong or used one costs no password hashing; the hashing itself runs
 * in one of the gateway's slots (429 rate_limited when none frees up in time).
 */
export async function acceptInvitation(
  ctx: { accounts: ConsoleAccounts; hashing: HashingSlots },
  input: { secret: string; password: string; now: Date },
): Promise<ConsoleUserRecord> {
  const tokenHash = hashSecret(input.secret);
  if (!(await ctx.accounts.isOpenInvitation(tokenHash, input.now))) throw invalidLink();
  checkPasswordPolicy(input.password);
  const passwordHash = await ctx.hashing.run(() => hashPassword(input.password));
  // Claimed only now: a concurrent acceptance of the same link finds it used.
  const user = await ctx.accounts.acceptInvitation(tokenHash, input.now, { id: newId('consoleUser'), passwordHash });
  if (!user) throw invalidLink();
  return user;
}
