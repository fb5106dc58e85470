import { validationError } from '@vrp/errors';
import { Prisma } from '../generated/prisma/client.js';
import type { Db } from './client.js';
import type { FailedAttempts } from '../domain/sign-in-throttle.js';
import type { MerchantRecord } from './merchants.js';
import type { Role } from '../domain/roles.js';

/** A console user as the console shows it (never the password hash nor the TOTP secret). */
export interface ConsoleUserRecord {
  id: string;
  merchantId: string;
  email: string;
  role: Role;
  /** Whether the user signs in with a TOTP code besides the password. */
  twoFactor: boolean;
  createdAt: Date;
}

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

export interface ConsoleInvitationRecord {
  id: string;
  merchantId: string;
  email: string;
  role: Role;
  createdAt: Date;
  expiresAt: Date;
}

const USER = { id: true, merchantId: true, email: true, role: true, totpSecret: true, createdAt: true } as const;
const INVITATION = { id: true, merchantId: true, email: true, role: true, createdAt: true, expiresAt: true } as const;

/** Wrong codes an invitation takes before it stops accepting any. */
export const INVITATION_CODE_ATTEMPTS = 5;

type UserRow = { id: string; merchantId: string; email: string; role: string; totpSecret: string | null; createdAt: Date };
const userOf = ({ totpSecret, role, ...u }: UserRow): ConsoleUserRecord => ({ ...u, role: role as Role, twoFactor: totpSecret !== null });
const invitationOf = (i: Omit<ConsoleInvitationRecord, 'role'> & { role: string }): ConsoleInvitationRecord => ({
  ...i,
  role: i.role as Role,
});

/** The last-owner trigger refused a change (SQLSTATE 23514 on console_users_keep_an_owner). */
export function isLastOwnerViolation(err: unknown): boolean {
  const text = `${String(err)} ${err instanceof Error ? err.message : ''} ${JSON.stringify(err ?? {})}`;
  return text.includes('console_users_keep_an_owner') || text.includes('would have no console owner left');
}

/** An open invitation: not accepted, revoked or expired, and not worn out by wrong codes. */
const openInvitation = (now: Date) => ({
  acceptedAt: null,
  revokedAt: null,
  expiresAt: { gt: now },
  codeFailures: { lt: INVITATION_CODE_ATTEMPTS },
});

/** A unique index refused the row (P2002 from the client, SQLSTATE 23505 through raw SQL). */
function isUniqueViolation(err: unknown): boolean {
  if (!(err instanceof Prisma.PrismaClientKnownRequestError)) return false;
  return err.code === 'P2002' || JSON.stringify(err.meta ?? {}).includes('23505');
}

const emailTaken = () => validationError('email', 'This email already belongs to a console user');

/**
 * Console users, their sessions, invitations and sign-in attempts: the gateway's own tables.
 * Only hashes of session and invitation tokens are stored, and only scrypt hashes of passwords.
 */
export class ConsoleAccounts {
  constructor(private readonly db: Db) {}

  /** A new user; 400 validation_error on `email` when the merchant already has a user with that address. */
  async createUser(user: { id: string; merchantId: string; email: string; passwordHash: string; role?: Role }): Promise<ConsoleUserRecord> {
    try {
      return userOf(await this.db.consoleUser.create({ data: user, select: USER }));
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
  }

  /** The merchant's user with this address, if any (addresses are unique per merchant only). */
  async findUser(merchantId: string, email: string): Promise<ConsoleUserRecord | null> {
    const row = await this.db.consoleUser.findUnique({ where: { merchantId_email: { merchantId, email } }, select: USER });
    return row ? userOf(row) : null;
  }

  async findUserById(merchantId: string, id: string): Promise<ConsoleUserRecord | null> {
    const row = await this.db.consoleUser.findFirst({ where: { merchantId, id }, select: USER });
    return row ? userOf(row) : null;
  }

  /** Every user with this address, across merchants, oldest first: sign-in tries each one's password. */
  async findUsersForSignIn(email: string, max: number): Promise<ConsoleUserCredentials[]> {
    const rows = await this.db.consoleUser.findMany({
      where: { email },
      select: { ...USER, passwordHash: true, totpLastStep: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: max,
    });
    return rows.map(({ passwordHash, totpLastStep, ...u }) => ({
      ...userOf(u),
      passwordHash,
      totpSecret: u.totpSecret,
      totpLastStep: totpLastStep === null ? null : Number(totpLastStep),
    }));
  }

  async listUsers(merchantId: string): Promise<ConsoleUserRecord[]> {
    const rows = await this.db.consoleUser.findMany({
      where: { merchantId },
      select: USER,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return rows.map(userOf);
  }

  /**
   * Removes a user of the merchant: their sessions and recovery codes go in the same transaction,
   * so their cookie answers 401 at once. False when there is no such user; the database refuses
   * (isLastOwnerViolation) to remove the merchant's last owner.
   */
  async removeUser(merchantId: string, userId: string): Promise<ConsoleUserRecord | null> {
    return this.db.$transaction(async (tx) => {
      const user = await tx.consoleUser.findFirst({ where: { merchantId, id: userId }, select: USER });
      if (!user) return null;
      await tx.consoleSession.deleteMany({ where: { userId } });
      await tx.consoleRecoveryCode.deleteMany({ where: { userId } });
      await tx.consoleUser.delete({ where: { id: userId } });
      return userOf(user);
    });
  }

  /** Gives a user of the merchant another role; null when there is no such user (the last owner stays one: a trigger). */
  async setRole(merchantId: string, userId: string, role: Role): Promise<ConsoleUserRecord | null> {
    const changed = await this.db.consoleUser.updateMany({ where: { merchantId, id: userId }, data: { role } });
    return changed.count ? this.findUserById(merchantId, userId) : null;
  }

  /** Ends every session of a user but `keep` (the one asking, when it is theirs). */
  async deleteSessionsOf(userId: string, keep?: string): Promise<number> {
    const { count } = await this.db.consoleSession.deleteMany({ where: { userId, ...(keep ? { tokenHash: { not: keep } } : {}) } });
    return count;
  }

  async createSession(session: { tokenHash: string; userId: string; csrfToken: string; at: Date; expiresAt: Date }): Promise<void> {
    const { at, ...rest } = session;
    await this.db.consoleSession.create({ data: { ...rest, createdAt: at, lastSeenAt: at } });
  }

  /** The session with this token hash unless it has expired or sat idle for `idleMs`. */
  async findLiveSession(tokenHash: string, now: Date, idleMs: number): Promise<ConsoleSessionRecord | null> {
    const found = await this.db.consoleSession.findUnique({
      where: { tokenHash },
      select: { tokenHash: true, csrfToken: true, expiresAt: true, lastSeenAt: true, user: { select: { ...USER, merchant: true } } },
    });
    if (!found || found.expiresAt <= now || found.lastSeenAt.getTime() + idleMs <= now.getTime()) return null;
    const { merchant, ...user } = found.user;
    return {
      tokenHash: found.tokenHash,
      csrfToken: found.csrfToken,
      expiresAt: found.expiresAt,
      lastSeenAt: found.lastSeenAt,
      user: userOf(user),
      merchant,
    };
  }

  /** Records that the session was used now (it stays alive while used). */
  async touchSession(tokenHash: string, now: Date): Promise<void> {
    await this.db.consoleSession.updateMany({ where: { tokenHash }, data: { lastSeenAt: now } });
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.consoleSession.deleteMany({ where: { tokenHash } });
  }

  /** Forgets sessions past their expiry and sign-in attempts older than `attemptsBefore`. */
  async purge(now: Date, attemptsBefore: Date): Promise<void> {
    await this.db.consoleSession.deleteMany({ where: { expiresAt: { lte: now } } });
    await this.db.consoleSignInAttempt.deleteMany({ where: { at: { lt: attemptsBefore } } });
  }

  /**
   * Stores an invitation unless its merchant already has `maxOpen` open ones (not accepted, not
   * expired): false then. The merchant's row is locked for the count and the insert, so
   * concurrent invitations cannot pass the cap together.
   */
  async createInvitation(
    invitation: ConsoleInvitationRecord & { tokenHash: string; codeHash: string; invitedBy: string },
    maxOpen: number,
    mail: (tx: Pick<Db, 'consoleMail'>) => Promise<void>,
  ): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "gateway"."merchants" WHERE id = ${invitation.merchantId} FOR UPDATE`;
      const open = await tx.consoleInvitation.count({
        where: { merchantId: invitation.merchantId, ...openInvitation(invitation.createdAt) },
      });
      if (open >= maxOpen) return false;
      await tx.consoleInvitation.create({ data: invitation });
      await mail(tx);
      return true;
    });
  }

  /** The open invitation with this token hash and its code's hash, or null. */
  async findOpenInvitation(tokenHash: string, now: Date): Promise<(ConsoleInvitationRecord & { codeHash: string | null }) | null> {
    const row = await this.db.consoleInvitation.findFirst({
      where: { tokenHash, ...openInvitation(now) },
      select: { ...INVITATION, codeHash: true },
    });
    return row ? (invitationOf(row) as ConsoleInvitationRecord & { codeHash: string | null }) : null;
  }

  /** Counts a wrong code against an invitation (it stops accepting codes after INVITATION_CODE_ATTEMPTS). */
  async countWrongCode(tokenHash: string): Promise<void> {
    await this.db.consoleInvitation.updateMany({ where: { tokenHash }, data: { codeFailures: { increment: 1 } } });
  }

  /** Revokes an open invitation of the merchant; null when there is none with this id. */
  async revokeInvitation(merchantId: string, id: string, now: Date): Promise<ConsoleInvitationRecord | null> {
    const { count } = await this.db.consoleInvitation.updateMany({
      where: { merchantId, id, ...openInvitation(now) },
      data: { revokedAt: now },
    });
    if (!count) return null;
    const row = await this.db.consoleInvitation.findUniqueOrThrow({ where: { id }, select: INVITATION });
    return invitationOf(row);
  }

  /** Invitations of the merchant still open, newest first. */
  async listOpenInvitations(merchantId: string, now: Date): Promise<ConsoleInvitationRecord[]> {
    const rows = await this.db.consoleInvitation.findMany({
      where: { merchantId, ...openInvitation(now) },
      select: INVITATION,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    return rows.map(invitationOf);
  }

  /**
   * Uses an invitation once: marks it accepted and creates its user in one transaction. Null when
   * the token is unknown, used or expired; a repeat or a concurrent acceptance finds it used.
   */
  async acceptInvitation(
    tokenHash: string,
    codeHash: string,
    now: Date,
    user: { id: string; passwordHash: string },
  ): Promise<ConsoleUserRecord | null> {
    try {
      // One statement: the invitation is claimed and its user created together, or neither.
      const rows = await this.db.$queryRaw<{ id: string; merchant_id: string; email: string; role: string; created_at: Date }[]>`
        WITH claimed AS (
          UPDATE "gateway"."console_invitations" SET accepted_at = ${now}
           WHERE token_hash = ${tokenHash} AND code_hash = ${codeHash} AND accepted_at IS NULL AND revoked_at IS NULL
             AND expires_at > ${now} AND code_failures < ${INVITATION_CODE_ATTEMPTS}
          RETURNING merchant_id, email, role)
        INSERT INTO "gateway"."console_users" (id, merchant_id, email, password_hash, role, created_at)
        SELECT ${user.id}, merchant_id, email, ${user.passwordHash}, role, ${now} FROM claimed
        RETURNING id, merchant_id, email, role, created_at`;
      const row = rows[0];
      return row
        ? { id: row.id, merchantId: row.merchant_id, email: row.email, role: row.role as Role, twoFactor: false, createdAt: row.created_at }
        : null;
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
    return this.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext('console-sign-in:pair'), hashtext(${`${email}\n${address}`}))::text`;
      await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext('console-sign-in:address'), hashtext(${address}))::text`;
      const [row] = await tx.$queryRaw<{ pair_n: number; pair_last: Date | null; address_n: number; address_last: Date | null }[]>`
        SELECT count(*) FILTER (WHERE email = ${email})::int AS pair_n, max(at) FILTER (WHERE email = ${email}) AS pair_last,
               count(*)::int AS address_n, max(at) AS address_last
          FROM "gateway"."console_sign_in_attempts" WHERE address = ${address} AND at > ${since}`;
      const waitMs = decide({ count: row!.pair_n, lastAt: row!.pair_last }, { count: row!.address_n, lastAt: row!.address_last });
      if (waitMs > 0) return { waitMs };
      const [counted] = await tx.$queryRaw<{ id: bigint }[]>`
        INSERT INTO "gateway"."console_sign_in_attempts" (email, address, at) VALUES (${email}, ${address}, ${now}) RETURNING id`;
      return { attemptId: counted!.id };
    });
  }

  /** Takes back an attempt that was never weighed (no hashing slot freed up for it). */
  async forgetSignInAttempt(id: bigint): Promise<void> {
    await this.db.consoleSignInAttempt.deleteMany({ where: { id } });
  }

  /** Replaces a user's password hash with one made with today's parameters, unless it changed meanwhile. */
  async replacePasswordHash(userId: string, old: string, fresh: string): Promise<void> {
    await this.db.consoleUser.updateMany({ where: { id: userId, passwordHash: old }, data: { passwordHash: fresh } });
  }

  /** A successful sign-in clears the failures of its account from its address (other addresses keep theirs). */
  async clearSignInAttempts(email: string, address: string): Promise<void> {
    await this.db.consoleSignInAttempt.deleteMany({ where: { email, address } });
  }
}
