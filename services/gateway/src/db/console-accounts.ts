import { validationError } from '@vrp/errors';
import { transaction, type SqlPool } from '@vrp/sql';
import {
  acceptInvitation,
  clearSignInAttempts,
  countOpenInvitations,
  countSignInFailures,
  countWrongCode,
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOfUser,
  deleteSignInAttempt,
  deleteSignInAttemptsBefore,
  deleteUser,
  insertConsoleUser,
  insertInvitation,
  insertSession,
  insertSignInAttempt,
  lockSignInAddress,
  lockSignInPair,
  replacePasswordHash,
  revokeInvitation,
  selectOpenInvitation,
  selectOpenInvitations,
  selectSession,
  selectUserByEmail,
  selectUserById,
  selectUsers,
  selectUsersForSignIn,
  setUserRole,
  touchSession,
  type ISelectOpenInvitationsResult,
  type ISelectUserByIdResult,
} from '../generated/sql/console-accounts.queries.js';
import { deleteRecoveryCodes } from '../generated/sql/console-credentials.queries.js';
import { lockMerchant } from '../generated/sql/merchants.queries.js';
import type { FailedAttempts } from '../domain/sign-in-throttle.js';
import type { Tx } from './client.js';
import { merchantOf, type MerchantRecord } from './merchants.js';
import type { Role } from '../domain/roles.js';

type UserRow = ISelectUserByIdResult;
type InvitationRow = ISelectOpenInvitationsResult;

/** A console user as the console shows it (never the password hash nor the TOTP secret). */
export type ConsoleUserRecord = Omit<UserRow, 'role' | 'totpSecret'> & {
  role: Role;
  /** Whether the user signs in with a TOTP code besides the password. */
  twoFactor: boolean;
};

/** What sign-in needs to know about a user: the password hash and the TOTP state. */
export interface ConsoleUserCredentials extends ConsoleUserRecord {
  passwordHash: string;
  totpSecret: string | null;
  totpLastStep: number | null;
}

/** A live console session with whose it is. */
export interface ConsoleSessionRecord {
  tokenHash: string;
  csrfToken: string;
  expiresAt: Date;
  lastSeenAt: Date;
  user: ConsoleUserRecord;
  merchant: MerchantRecord;
}

export type ConsoleInvitationRecord = Omit<InvitationRow, 'role'> & { role: Role };

/** Wrong codes an invitation takes before it stops accepting any. */
export const INVITATION_CODE_ATTEMPTS = 5;

const userOf = ({ totpSecret, role, ...u }: UserRow): ConsoleUserRecord => ({ ...u, role: role as Role, twoFactor: totpSecret !== null });
const invitationOf = <I extends InvitationRow>(i: I): Omit<I, 'role'> & { role: Role } => ({ ...i, role: i.role as Role });

/** The SQLSTATE a statement failed with, if it failed in Postgres. */
const sqlState = (err: unknown) => (err as { code?: unknown } | null)?.code;

/** The last-owner trigger refused a change (SQLSTATE 23514 on console_users_keep_an_owner). */
export function isLastOwnerViolation(err: unknown): boolean {
  return sqlState(err) === '23514' && (err as { constraint?: unknown }).constraint === 'console_users_keep_an_owner';
}

/** A unique index refused the row (SQLSTATE 23505). */
const isUniqueViolation = (err: unknown) => sqlState(err) === '23505';

const emailTaken = () => validationError('email', 'This email already belongs to a console user');

/**
 * Console users, their sessions, invitations and sign-in attempts: the gateway's own tables.
 * Only hashes of session and invitation tokens are stored, and only scrypt hashes of passwords.
 * An invitation is open while it is not accepted, revoked or expired, and not worn out by wrong
 * codes (INVITATION_CODE_ATTEMPTS).
 */
export class ConsoleAccounts {
  constructor(private readonly pool: SqlPool) {}

  /** A new user; 400 validation_error on `email` when the merchant already has a user with that address. */
  async createUser(user: { id: string; merchantId: string; email: string; passwordHash: string; role?: Role }): Promise<ConsoleUserRecord> {
    try {
      // A user created without a role owns the merchant (the column's default).
      const [row] = await insertConsoleUser.run({ ...user, role: user.role ?? 'owner' }, this.pool);
      return userOf(row!);
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
  }

  /** The merchant's user with this address, if any (addresses are unique per merchant only). */
  async findUser(merchantId: string, email: string): Promise<ConsoleUserRecord | null> {
    const [row] = await selectUserByEmail.run({ merchantId, email }, this.pool);
    return row ? userOf(row) : null;
  }

  async findUserById(merchantId: string, id: string): Promise<ConsoleUserRecord | null> {
    const [row] = await selectUserById.run({ merchantId, id }, this.pool);
    return row ? userOf(row) : null;
  }

  /** Every user with this address, across merchants, oldest first: sign-in tries each one's password. */
  async findUsersForSignIn(email: string, max: number): Promise<ConsoleUserCredentials[]> {
    const rows = await selectUsersForSignIn.run({ email, max }, this.pool);
    return rows.map(({ passwordHash, totpLastStep, ...u }) => ({
      ...userOf(u),
      passwordHash,
      totpSecret: u.totpSecret,
      totpLastStep: totpLastStep === null ? null : Number(totpLastStep),
    }));
  }

  async listUsers(merchantId: string): Promise<ConsoleUserRecord[]> {
    return (await selectUsers.run({ merchantId }, this.pool)).map(userOf);
  }

  /**
   * Removes a user of the merchant: their sessions and recovery codes go in the same transaction,
   * so their cookie answers 401 at once. Null when there is no such user; the database refuses
   * (isLastOwnerViolation) to remove the merchant's last owner.
   */
  async removeUser(merchantId: string, userId: string): Promise<ConsoleUserRecord | null> {
    return transaction(this.pool, async (tx) => {
      const [user] = await selectUserById.run({ merchantId, id: userId }, tx);
      if (!user) return null;
      await deleteSessionsOfUser.run({ userId }, tx);
      await deleteRecoveryCodes.run({ userId }, tx);
      const { rowCount } = await deleteUser.runWithCounts({ id: userId }, tx);
      return rowCount === 1 ? userOf(user) : null;
    });
  }

  /** Gives a user of the merchant another role; null when there is no such user (the last owner stays one: a trigger). */
  async setRole(merchantId: string, userId: string, role: Role): Promise<ConsoleUserRecord | null> {
    const [row] = await setUserRole.run({ merchantId, id: userId, role }, this.pool);
    return row ? userOf(row) : null;
  }

  /** Ends every session of a user but `keep` (the one asking, when it is theirs). */
  async deleteSessionsOf(userId: string, keep?: string): Promise<number> {
    return (await deleteSessionsOfUser.runWithCounts({ userId, keep: keep || null }, this.pool)).rowCount;
  }

  async createSession(session: { tokenHash: string; userId: string; csrfToken: string; at: Date; expiresAt: Date }): Promise<void> {
    await insertSession.run(session, this.pool);
  }

  /** The session with this token hash unless it has expired or sat idle for `idleMs`. */
  async findLiveSession(tokenHash: string, now: Date, idleMs: number): Promise<ConsoleSessionRecord | null> {
    const [found] = await selectSession.run({ tokenHash }, this.pool);
    if (!found || found.expiresAt <= now || found.lastSeenAt.getTime() + idleMs <= now.getTime()) return null;
    const { tokenHash: hash, csrfToken, expiresAt, lastSeenAt, userId, email, role, totpSecret, userCreatedAt, ...merchant } = found;
    const { merchantId, merchantName, merchantCreatedAt, ...account } = merchant;
    return {
      tokenHash: hash,
      csrfToken,
      expiresAt,
      lastSeenAt,
      user: userOf({ id: userId, merchantId, email, role, totpSecret, createdAt: userCreatedAt }),
      merchant: merchantOf({ ...account, id: merchantId, name: merchantName, createdAt: merchantCreatedAt }),
    };
  }

  /** Records that the session was used now (it stays alive while used). */
  async touchSession(tokenHash: string, now: Date): Promise<void> {
    await touchSession.run({ tokenHash, now }, this.pool);
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await deleteSession.run({ tokenHash }, this.pool);
  }

  /** Forgets sessions past their expiry and sign-in attempts older than `attemptsBefore`. */
  async purge(now: Date, attemptsBefore: Date): Promise<void> {
    await deleteExpiredSessions.run({ now }, this.pool);
    await deleteSignInAttemptsBefore.run({ before: attemptsBefore }, this.pool);
  }

  /**
   * Stores an invitation unless its merchant already has `maxOpen` open ones: false then. The
   * merchant's row is locked for the count and the insert, so concurrent invitations cannot pass
   * the cap together. `mail` writes what goes with it (its mail, its audit entry) in the same transaction.
   */
  async createInvitation(
    invitation: ConsoleInvitationRecord & { tokenHash: string; codeHash: string; invitedBy: string },
    maxOpen: number,
    mail: (tx: Tx) => Promise<void>,
  ): Promise<boolean> {
    return transaction(this.pool, async (tx) => {
      await lockMerchant.run({ id: invitation.merchantId }, tx);
      const [open] = await countOpenInvitations.run(
        { merchantId: invitation.merchantId, now: invitation.createdAt, maxCodeFailures: INVITATION_CODE_ATTEMPTS },
        tx,
      );
      if (open!.n >= maxOpen) return false;
      await insertInvitation.run(invitation, tx);
      await mail(tx);
      return true;
    });
  }

  /** The open invitation with this token hash and its code's hash, or null. */
  async findOpenInvitation(tokenHash: string, now: Date): Promise<(ConsoleInvitationRecord & { codeHash: string | null }) | null> {
    const [row] = await selectOpenInvitation.run({ tokenHash, now, maxCodeFailures: INVITATION_CODE_ATTEMPTS }, this.pool);
    return row ? invitationOf(row) : null;
  }

  /** Counts a wrong code against an invitation (it stops accepting codes after INVITATION_CODE_ATTEMPTS). */
  async countWrongCode(tokenHash: string): Promise<void> {
    await countWrongCode.run({ tokenHash }, this.pool);
  }

  /** Revokes an open invitation of the merchant; null when there is none with this id. */
  async revokeInvitation(merchantId: string, id: string, now: Date): Promise<ConsoleInvitationRecord | null> {
    const [row] = await revokeInvitation.run({ merchantId, id, now, maxCodeFailures: INVITATION_CODE_ATTEMPTS }, this.pool);
    return row ? invitationOf(row) : null;
  }

  /** Invitations of the merchant still open, newest first. */
  async listOpenInvitations(merchantId: string, now: Date): Promise<ConsoleInvitationRecord[]> {
    return (await selectOpenInvitations.run({ merchantId, now, maxCodeFailures: INVITATION_CODE_ATTEMPTS }, this.pool)).map(invitationOf);
  }

  /**
   * Uses an invitation once: marks it accepted and creates its user in one statement. Null when
   * the token is unknown, used or expired; a repeat or a concurrent acceptance finds it used.
   */
  async acceptInvitation(
    tokenHash: string,
    codeHash: string,
    now: Date,
    user: { id: string; passwordHash: string },
  ): Promise<ConsoleUserRecord | null> {
    try {
      const [row] = await acceptInvitation.run(
        { tokenHash, codeHash, now, maxCodeFailures: INVITATION_CODE_ATTEMPTS, userId: user.id, passwordHash: user.passwordHash },
        this.pool,
      );
      return row ? { ...row, role: row.role as Role, twoFactor: false } : null;
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
  }

  /**
   * Weighs a sign-in attempt: `decide` gets the failures within the window of this account from
   * this address and of this address overall, and answers how long the attempt must wait. When
   * it need not, the attempt is counted (as a failure until a success clears it) and its id is
   * returned; otherwise nothing is counted and the wait comes back. Serialised per
   * (account, address) and per address (advisory locks, always taken in that order), so
   * concurrent guesses cannot slip past the count.
   */
  async admitSignIn(
    email: string,
    address: string,
    now: Date,
    windowMs: number,
    decide: (pair: FailedAttempts, byAddress: FailedAttempts) => number,
  ): Promise<{ waitMs: number } | { attemptId: bigint }> {
    const since = new Date(now.getTime() - windowMs);
    return transaction(this.pool, async (tx) => {
      await lockSignInPair.run({ pair: `${email}\n${address}` }, tx);
      await lockSignInAddress.run({ address }, tx);
      const [row] = await countSignInFailures.run({ email, address, since }, tx);
      const waitMs = decide({ count: row!.pairCount, lastAt: row!.pairLastAt }, { count: row!.addressCount, lastAt: row!.addressLastAt });
      if (waitMs > 0) return { waitMs };
      const [counted] = await insertSignInAttempt.run({ email, address, at: now }, tx);
      return { attemptId: BigInt(counted!.id) };
    });
  }

  /** Takes back an attempt that was never weighed (no hashing slot freed up for it). */
  async forgetSignInAttempt(id: bigint): Promise<void> {
    await deleteSignInAttempt.run({ id: id.toString() }, this.pool);
  }

  /** Replaces a user's password hash with one made with today's parameters, unless it changed meanwhile. */
  async replacePasswordHash(userId: string, old: string, fresh: string): Promise<void> {
    await replacePasswordHash.run({ userId, old, fresh }, this.pool);
  }

  /** A successful sign-in clears the failures of its account from its address (other addresses keep theirs). */
  async clearSignInAttempts(email: string, address: string): Promise<void> {
    await clearSignInAttempts.run({ email, address }, this.pool);
  }
}
