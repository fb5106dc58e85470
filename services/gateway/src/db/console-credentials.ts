import type { Db } from './client.js';

/**
 * A console user's own credentials besides sign-in: password changes, the TOTP secret (stored
 * sealed), the last TOTP step used and recovery codes (sha256 only). Every method takes the user id
 * of the signed-in user: a user only ever changes their own.
 */
export class ConsoleCredentials {
  constructor(private readonly db: Db) {}

  async passwordHashOf(userId: string): Promise<string | null> {
    return (await this.db.consoleUser.findUnique({ where: { id: userId }, select: { passwordHash: true } }))?.passwordHash ?? null;
  }

  /** Replaces the password (unless it changed meanwhile) and ends every other session of the user, together. */
  async changePassword(userId: string, oldHash: string, newHash: string, keepSession: string): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const { count } = await tx.consoleUser.updateMany({ where: { id: userId, passwordHash: oldHash }, data: { passwordHash: newHash } });
      if (!count) return false;
      await tx.consoleSession.deleteMany({ where: { userId, tokenHash: { not: keepSession } } });
      return true;
    });
  }

  /** Keeps a secret being set up until a code from it is confirmed (a new setup replaces it). */
  async setPendingTotp(userId: string, sealed: string): Promise<void> {
    await this.db.consoleUser.update({ where: { id: userId }, data: { totpPendingSecret: sealed } });
  }

  async totpOf(userId: string): Promise<{ secret: string | null; pending: string | null; lastStep: number | null }> {
    const row = await this.db.consoleUser.findUniqueOrThrow({
      where: { id: userId },
      select: { totpSecret: true, totpPendingSecret: true, totpLastStep: true },
    });
    return {
      secret: row.totpSecret,
      pending: row.totpPendingSecret,
      lastStep: row.totpLastStep === null ? null : Number(row.totpLastStep),
    };
  }

  /**
   * Turns two-factor sign-in on with the pending secret, whose code for `step` was just confirmed,
   * and stores the recovery codes' hashes (replacing any old ones). False when the pending secret
   * changed meanwhile (another setup).
   */
  async enableTotp(userId: string, pending: string, step: number, recoveryHashes: string[]): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const { count } = await tx.consoleUser.updateMany({
        where: { id: userId, totpPendingSecret: pending },
        data: { totpSecret: pending, totpPendingSecret: null, totpLastStep: BigInt(step) },
      });
      if (!count) return false;
      await tx.consoleRecoveryCode.deleteMany({ where: { userId } });
      await tx.consoleRecoveryCode.createMany({ data: recoveryHashes.map((codeHash) => ({ userId, codeHash })) });
      return true;
    });
  }

  async disableTotp(userId: string): Promise<void> {
    await this.db.$transaction(async (tx) => {
      await tx.consoleUser.update({ where: { id: userId }, data: { totpSecret: null, totpPendingSecret: null, totpLastStep: null } });
      await tx.consoleRecoveryCode.deleteMany({ where: { userId } });
    });
  }

  /** Records that the code of `step` was used; false when it (or a later one) already was: a code is good once, even when raced. */
  async useTotpStep(userId: string, step: number): Promise<boolean> {
    const { count } = await this.db.$executeRaw`
      UPDATE "gateway"."console_users" SET totp_last_step = ${BigInt(step)}
       WHERE id = ${userId} AND totp_secret IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < ${BigInt(step)})`.then((n) => ({
      count: n,
    }));
    return count === 1;
  }

  /** Uses a recovery code once; false when it is unknown or used already (concurrent uses: one wins). */
  async useRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
    const { count } = await this.db.consoleRecoveryCode.updateMany({ where: { userId, codeHash, usedAt: null }, data: { usedAt: now } });
    return count === 1;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    return this.db.consoleRecoveryCode.count({ where: { userId, usedAt: null } });
  }
}
