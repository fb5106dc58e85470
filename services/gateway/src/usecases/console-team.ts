import { randomInt, timingSafeEqual } from 'node:crypto';
import { ApiError, notFound, validationError } from '@vrp/errors';
import type { HashingSlots } from '../domain/hashing-slots.js';
import { newId } from '@vrp/ids';
import type { AuditActor, AuditLog } from '../db/audit-log.js';
import type { ConsoleAccounts, ConsoleInvitationRecord, ConsoleUserRecord } from '../db/console-accounts.js';
import { isLastOwnerViolation } from '../db/console-accounts.js';
import type { ConsoleMailbox } from '../db/console-mail.js';
import type { MerchantRepository } from '../db/merchants.js';
import { normaliseEmail } from '../domain/email.js';
import { checkPasswordPolicy, hashPassword } from '../domain/password.js';
import type { Role } from '../domain/roles.js';
import { hashSecret, newSecret } from './console-sessions.js';

/** How long an invitation link stays usable. */
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

/** The most open (unaccepted, unexpired) invitations a merchant may have at once. */
export const MAX_OPEN_INVITATIONS = 20;

/** Who did something and from where, for the audit log. */
export interface Acting {
  actor: AuditActor;
  ip?: string;
  userAgent?: string;
}

const invalidLink = () => validationError('token', 'This invitation link is not valid: it may have been used, revoked or have expired');
const emailTaken = () => validationError('email', 'This email already belongs to a member of your team');
const lastOwner = () => new ApiError('last_owner', 'A team keeps at least one owner: make someone else an owner first.');

/** The operator CLI's way in: the first console user of a merchant (or any later one). */
export async function createConsoleUser(
  ctx: { accounts: ConsoleAccounts; merchants: Pick<MerchantRepository, 'find'>; audit?: AuditLog; scryptLogN?: number },
  input: { merchantId: string; email: string; password: string; role?: Role },
): Promise<ConsoleUserRecord> {
  const email = normaliseEmail(input.email);
  checkPasswordPolicy(input.password);
  if (!(await ctx.merchants.find(input.merchantId))) throw notFound('merchant', input.merchantId);
  // Checked before hashing too (the insert still decides a race): a taken email costs no scrypt.
  if (await ctx.accounts.findUser(input.merchantId, email)) throw emailTaken();
  const user = await ctx.accounts.createUser({
    id: newId('consoleUser'),
    merchantId: input.merchantId,
    email,
    role: input.role ?? 'owner',
    passwordHash: await hashPassword(input.password, ctx.scryptLogN),
  });
  await ctx.audit?.record({
    merchantId: user.merchantId,
    actor: { type: 'operator' },
    action: 'user.created',
    target: { type: 'user', id: user.id },
    details: { email: user.email, role: user.role },
  });
  return user;
}

/** Eight digits mailed to the invited address; the link alone does not open the invitation. */
const newInvitationCode = (): string => String(randomInt(0, 100_000_000)).padStart(8, '0');

/**
 * Invites a teammate to the inviter's merchant with a role: the answer carries the link's secret
 * once (only its hash is stored), and a code goes by mail to the invited address (queued in the
 * same transaction). Whoever opens the link within 7 days and types the code chooses a password
 * and joins. The link points at PUBLIC_BASE_URL, never at the request's Host. Whether the address
 * has an account with another merchant makes no difference to the answer. A merchant with
 * MAX_OPEN_INVITATIONS open invitations is refused with 422 invitation_limit_reached.
 */
export async function inviteTeammate(
  ctx: { accounts: ConsoleAccounts; mailbox: ConsoleMailbox; audit: AuditLog; publicBaseUrl: string },
  input: { merchantId: string; merchantName: string; invitedBy: string; email: string; role: Role; now: Date },
  acting: Acting,
): Promise<{ invitation: ConsoleInvitationRecord; secret: string; inviteUrl: string }> {
  const email = normaliseEmail(input.email);
  if (await ctx.accounts.findUser(input.merchantId, email)) throw emailTaken();
  const secret = newSecret();
  const code = newInvitationCode();
  const inviteUrl = `${ctx.publicBaseUrl.replace(/\/$/, '')}/console/accept-invite#token=${secret}`;
  const invitation = {
    id: newId('consoleInvitation'),
    merchantId: input.merchantId,
    email,
    role: input.role,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + INVITATION_TTL_MS),
  };
  const created = await ctx.accounts.createInvitation(
    { ...invitation, tokenHash: hashSecret(secret), codeHash: hashSecret(code), invitedBy: input.invitedBy },
    MAX_OPEN_INVITATIONS,
    async (tx) => {
      await ctx.mailbox.queue(
        {
          to: email,
          subject: `Your code to join ${input.merchantName} on the VRP Merchant Console`,
          body: [
            `You have been invited to join ${input.merchantName} on the VRP Merchant Console as ${input.role}.`,
            '',
            `Open the invitation link you were sent (${inviteUrl}) and enter this code: ${code}`,
            '',
            'The code and the link work once, for 7 days. If you did not expect this, ignore this message.',
          ].join('\n'),
        },
        tx,
      );
      await ctx.audit.record(
        {
          merchantId: input.merchantId,
          ...acting,
          action: 'invitation.created',
          target: { type: 'invitation', id: invitation.id },
          details: { email, role: input.role },
          at: input.now,
        },
        tx,
      );
    },
  );
  if (!created) {
    throw new ApiError(
      'invitation_limit_reached',
      `A merchant can have at most ${MAX_OPEN_INVITATIONS} open invitations; wait for some to be accepted or to expire.`,
    );
  }
  return { invitation, secret, inviteUrl };
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Turns an invitation into a user with the password they chose, when the code mailed to the
 * invited address comes with the link; each link works once, and five wrong codes end it. The
 * link and code are checked first, so a wrong one costs no password hashing; the hashing itself
 * runs in one of the gateway's slots (429 rate_limited when none frees up in time).
 */
export async function acceptInvitation(
  ctx: { accounts: ConsoleAccounts; hashing: HashingSlots; audit: AuditLog },
  input: { secret: string; code: string; password: string; now: Date; ip?: string; userAgent?: string },
): Promise<ConsoleUserRecord> {
  const tokenHash = hashSecret(input.secret);
  const open = await ctx.accounts.findOpenInvitation(tokenHash, input.now);
  if (!open || !open.codeHash) throw invalidLink();
  const codeHash = hashSecret(input.code.replace(/\s+/g, ''));
  if (!sameHash(codeHash, open.codeHash)) {
    await ctx.accounts.countWrongCode(tokenHash);
    throw validationError('code', 'This code is not the one sent to the invited address');
  }
  checkPasswordPolicy(input.password);
  const passwordHash = await ctx.hashing.run(() => hashPassword(input.password, ctx.hashing.logN));
  // Claimed only now: a concurrent acceptance of the same link finds it used.
  const user = await ctx.accounts.acceptInvitation(tokenHash, codeHash, input.now, { id: newId('consoleUser'), passwordHash });
  if (!user) throw invalidLink();
  await ctx.audit.record({
    merchantId: user.merchantId,
    actor: { type: 'user', id: user.id, email: user.email },
    action: 'invitation.accepted',
    target: { type: 'invitation', id: open.id },
    details: { role: user.role },
    ...(input.ip ? { ip: input.ip } : {}),
    ...(input.userAgent ? { userAgent: input.userAgent } : {}),
    at: input.now,
  });
  return user;
}

/** Revokes an open invitation of the merchant (404 when there is none with this id). */
export async function revokeInvitation(
  ctx: { accounts: ConsoleAccounts; audit: AuditLog },
  input: { merchantId: string; id: string; now: Date },
  acting: Acting,
): Promise<ConsoleInvitationRecord> {
  const revoked = await ctx.accounts.revokeInvitation(input.merchantId, input.id, input.now);
  if (!revoked) throw notFound('invitation', input.id);
  await ctx.audit.record({
    merchantId: input.merchantId,
    ...acting,
    action: 'invitation.revoked',
    target: { type: 'invitation', id: revoked.id },
    details: { email: revoked.email },
  });
  return revoked;
}

/**
 * Removes a teammate: their sessions end in the same transaction (their cookie answers 401 on its
 * next request). 404 for a user of another merchant; 409 last_owner for the team's last owner
 * (the database decides, so two owners removing each other at once cannot leave none).
 */
export async function removeTeammate(
  ctx: { accounts: ConsoleAccounts; audit: AuditLog },
  input: { merchantId: string; userId: string },
  acting: Acting,
): Promise<ConsoleUserRecord> {
  let removed: ConsoleUserRecord | null;
  try {
    removed = await ctx.accounts.removeUser(input.merchantId, input.userId);
  } catch (err) {
    if (isLastOwnerViolation(err)) throw lastOwner();
    throw err;
  }
  if (!removed) throw notFound('user', input.userId);
  await ctx.audit.record({
    merchantId: input.merchantId,
    ...acting,
    action: 'user.removed',
    target: { type: 'user', id: removed.id },
    details: { email: removed.email, role: removed.role },
  });
  return removed;
}

/** Gives a teammate another role (404 for another merchant's user; 409 last_owner for demoting the last owner). */
export async function changeRole(
  ctx: { accounts: ConsoleAccounts; audit: AuditLog },
  input: { merchantId: string; userId: string; role: Role },
  acting: Acting,
): Promise<ConsoleUserRecord> {
  const before = await ctx.accounts.findUserById(input.merchantId, input.userId);
  if (!before) throw notFound('user', input.userId);
  let changed: ConsoleUserRecord | null;
  try {
    changed = await ctx.accounts.setRole(input.merchantId, input.userId, input.role);
  } catch (err) {
    if (isLastOwnerViolation(err)) throw lastOwner();
    throw err;
  }
  if (!changed) throw notFound('user', input.userId);
  await ctx.audit.record({
    merchantId: input.merchantId,
    ...acting,
    action: 'user.role_changed',
    target: { type: 'user', id: changed.id },
    details: { email: changed.email, from: before.role, to: changed.role },
  });
  return changed;
}
