import { validationError } from '@vrp/errors';
import { Prisma } from '../generated/prisma/client.js';
import type { Db } from './client.js';
import type { FailedAttempts } from '../domain/sign-in-throttle.js';
import type { MerchantRecord } from './merchants.js';

/** A console user as the console shows it (never the password hash). */
export interface ConsoleUserRecord {
  id: string;
  merchantId: string;
  email: string;
  createdAt: Date;
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
  createdAt: Date;
  expiresAt: Date;
}

const USER = { id: true, merchantId: true, email: true, createdAt: true } as const;

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

  /** A new user; 400 validation_error on `email` when the address is taken. */
  async createUser(user: { id: string; merchantId: string; email: string; passwordHash: string }): Promise<ConsoleUserRecord> {
    try {
      return await this.db.consoleUser.create({ data: user, select: USER });
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
  }

  findUserForSignIn(email: string): Promise<(ConsoleUserRecord & { passwordHash: string }) | null> {
    return this.db.consoleUser.findUnique({ where: { email }, select: { ...USER, passwordHash: true } });
  }

  listUsers(merchantId: string): Promise<ConsoleUserRecord[]> {
    return this.db.consoleUser.findMany({ where: { merchantId }, select: USER, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
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
      user,
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
    invitation: ConsoleInvitationRecord & { tokenHash: string; invitedBy: string },
    maxOpen: number,
  ): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "gateway"."merchants" WHERE id = ${invitation.merchantId} FOR UPDATE`;
      const open = await tx.consoleInvitation.count({
        where: { merchantId: invitation.merchantId, acceptedAt: null, expiresAt: { gt: invitation.createdAt } },
      });
      if (open >= maxOpen) return false;
      await tx.consoleInvitation.create({ data: invitation });
      return true;
    });
  }

  /** Whether an invitation with this token hash can still be accepted (not used, not expired). */
  async isOpenInvitation(tokenHash: string, now: Date): Promise<boolean> {
    return (await this.db.consoleInvitation.count({ where: { tokenHash, acceptedAt: null, expiresAt: { gt: now } } })) > 0;
  }

  /** Invitations of the merchant not yet accepted and not expired, newest first. */
  listOpenInvitations(merchantId: string, now: Date): Promise<ConsoleInvitationRecord[]> {
    return this.db.consoleInvitation.findMany({
      where: { merchantId, acceptedAt: null, expiresAt: { gt: now } },
      select: { id: true, merchantId: true, email: true, createdAt: true, expiresAt: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
  }

  /**
   * Uses an invitation once: marks it accepted and creates its user in one transaction. Null when
   * the token is unknown, used or expired; a repeat or a concurrent acceptance finds it used.
   */
  async acceptInvitation(tokenHash: string, now: Date, user: { id: string; passwordHash: string }): Promise<ConsoleUserRecord | null> {
    try {
      // One statement: the invitation is claimed and its user created together, or neither.
      const rows = await this.db.$queryRaw<{ id: string; merchant_id: string; email: string; created_at: Date }[]>`
        WITH claimed AS (
          UPDATE "gateway"."console_invitations" SET accepted_at = ${now}
           WHERE token_hash = ${tokenHash} AND accepted_at IS NULL AND expires_at > ${now}
          RETURNING merchant_id, email)
        INSERT INTO "gateway"."console_users" (id, merchant_id, email, password_hash, created_at)
        SELECT ${user.id}, merchant_id, email, ${user.passwordHash}, ${now} FROM claimed
        RETURNING id, merchant_id, email, created_at`;
      const row = rows[0];
      return row ? { id: row.id, merchantId: row.merchant_id, email: row.email, createdAt: row.created_at } : null;
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
