import { notFound, validationError } from '@vrp/errors';
import { newId } from '@vrp/ids';
import type { ConsoleAccounts, ConsoleInvitationRecord, ConsoleUserRecord } from '../db/console-accounts.js';
import type { MerchantRepository } from '../db/merchants.js';
import { normaliseEmail } from '../domain/email.js';
import { checkPasswordPolicy, hashPassword } from '../domain/password.js';
import { hashSecret, newSecret } from './console-sessions.js';

/** How long an invitation link stays usable. */
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

/** The operator CLI's way in: the first console user of a merchant (or any later one). */
export async function createConsoleUser(
  accounts: ConsoleAccounts,
  merchants: Pick<MerchantRepository, 'find'>,
  input: { merchantId: string; email: string; password: string },
): Promise<ConsoleUserRecord> {
  const email = normaliseEmail(input.email);
  checkPasswordPolicy(input.password);
  if (!(await merchants.find(input.merchantId))) throw notFound('merchant', input.merchantId);
  return accounts.createUser({
    id: newId('consoleUser'),
    merchantId: input.merchantId,
    email,
    passwordHash: await hashPassword(input.password),
  });
}

/**
 * Invites a teammate to the inviter's merchant: the answer carries the link's secret once (only
 * its hash is stored); whoever opens the link within 7 days chooses a password and joins.
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
  await accounts.createInvitation({ ...invitation, tokenHash: hashSecret(secret), invitedBy: input.invitedBy });
  return { invitation, secret };
}

/** Turns an invitation into a user with the password they chose; each link works once. */
export async function acceptInvitation(
  accounts: ConsoleAccounts,
  input: { secret: string; password: string; now: Date },
): Promise<ConsoleUserRecord> {
  checkPasswordPolicy(input.password);
  const passwordHash = await hashPassword(input.password);
  const user = await accounts.acceptInvitation(hashSecret(input.secret), input.now, { id: newId('consoleUser'), passwordHash });
  if (!user) throw validationError('token', 'This invitation link is not valid: it may have been used already or have expired');
  return user;
}
