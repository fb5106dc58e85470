import { validationError } from '@vrp/errors';
import { Prisma } from '../generated/prisma/client.js';
import type { Db } from './client.js';
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

/** How many sign-in attempts an account and an address get within a window before 429. */
export interface SignInLimits {
  windowMs: number;
  perAccount: number;
  perAddress: number;
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

  async createInvitation(invitation: ConsoleInvitationRecord & { tokenHash: string; invitedBy: string }): Promise<void> {
    await this.db.consoleInvitation.create({ data: invitation });
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
   * Counts this sign-in attempt against its account and its address, unless either already has
   * its limit of attempts within the window: then nothing is counted and the answer is how many
   * seconds until the oldest counted attempt leaves the window. Serialised per account and per
   * address (advisory locks), so concurrent guesses cannot slip past the limit.
   */
  async admitSignIn(email: string, address: string, now: Date, limits: SignInLimits): Promise<{ retryAfterSeconds: number } | null> {
    const since = new Date(now.getTime() - limits.windowMs);
    const [, , rows] = await this.db.$transaction([
      this.db.$queryRaw`SELECT pg_advisory_xact_lock(hashtext('console-sign-in:account'), hashtext(${email}))::text`,
      this.db.$queryRaw`SELECT pg_advisory_xact_lock(hashtext('console-sign-in:address'), hashtext(${address}))::text`,
      this.db.$queryRaw<{ admitted: boolean; oldest: Date | null }[]>`
        WITH by_account AS (SELECT count(*) AS n, min(at) AS oldest FROM "gateway"."console_sign_in_attempts" WHERE email = ${email} AND at > ${since}),
             by_address AS (SELECT count(*) AS n, min(at) AS oldest FROM "gateway"."console_sign_in_attempts" WHERE address = ${address} AND at > ${since}),
             verdict AS (SELECT (a.n < ${limits.perAccount} AND d.n < ${limits.perAddress}) AS admitted,
                                CASE WHEN a.n >= ${limits.perAccount} AND d.n >= ${limits.perAddress} THEN GREATEST(a.oldest, d.oldest)
                                     WHEN a.n >= ${limits.perAccount} THEN a.oldest ELSE d.oldest END AS oldest
                           FROM by_account a, by_address d),
             counted AS (INSERT INTO "gateway"."console_sign_in_attempts" (email, address, at)
                         SELECT ${email}, ${address}, ${now} FROM verdict WHERE admitted RETURNING id)
        SELECT admitted, oldest FROM verdict`,
    ]);
    const verdict = rows[0]!;
    if (verdict.admitted) return null;
    const reopensAt = (verdict.oldest ?? now).getTime() + limits.windowMs;
    return { retryAfterSeconds: Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000)) };
  }

  /** A successful sign-in clears its account's count (its address keeps the others it made). */
  async clearSignInAttempts(email: string): Promise<void> {
    await this.db.consoleSignInAttempt.deleteMany({ where: { email } });
  }
}
