import { transaction, type SqlPool } from '@vrp/sql';
import { deleteSessionsOfUser, replacePasswordHash } from '../generated/sql/console-accounts.queries.js';
import {
  countRecoveryCodesLeft,
  deleteRecoveryCodes,
  disableTotp,
  enableTotp,
  insertRecoveryCodes,
  selectPasswordHash,
  selectTotp,
  setPendingTotp,
  useRecoveryCode,
  useTotpStep,
  type ISelectTotpResult,
} from '../generated/sql/console-credentials.queries.js';

/** A user's TOTP state: the secret in use, one being set up, and the last step accepted. */
export type TotpState = Omit<ISelectTotpResult, 'lastStep'> & { lastStep: number | null };

/** The signed-in user is gone (removed meanwhile): their own credentials cannot change. */
const noSuchUser = (userId: string) => new Error(`console user ${userId} does not exist`);

/**
 * A console user's own credentials besides sign-in: password changes, the TOTP secret (stored
 * sealed), the last TOTP step used and recovery codes (sha256 only). Every method takes the user id
 * of the signed-in user: a user only ever changes their own.
 */
export class ConsoleCredentials {
  constructor(private readonly pool: SqlPool) {}

  async passwordHashOf(userId: string): Promise<string | null> {
    const [row] = await selectPasswordHash.run({ userId }, this.pool);
    return row?.passwordHash ?? null;
  }

  /** Replaces the password (unless it changed meanwhile) and ends every other session of the user, together. */
  async changePassword(userId: string, oldHash: string, newHash: string, keepSession: string): Promise<boolean> {
    return transaction(this.pool, async (tx) => {
      const { rowCount } = await replacePasswordHash.runWithCounts({ userId, old: oldHash, fresh: newHash }, tx);
      if (!rowCount) return false;
      await deleteSessionsOfUser.run({ userId, keep: keepSession }, tx);
      return true;
    });
  }

  /** Keeps a secret being set up until a code from it is confirmed (a new setup replaces it). */
  async setPendingTotp(userId: string, sealed: string): Promise<void> {
    const { rowCount } = await setPendingTotp.runWithCounts({ userId, sealed }, this.pool);
    if (!rowCount) throw noSuchUser(userId);
  }

  async totpOf(userId: string): Promise<TotpState> {
    const [row] = await selectTotp.run({ userId }, this.pool);
    if (!row) throw noSuchUser(userId);
    return { ...row, lastStep: row.lastStep === null ? null : Number(row.lastStep) };
  }

  /**
   * Turns two-factor sign-in on with the pending secret, whose code for `step` was just confirmed,
   * and stores the recovery codes' hashes (replacing any old ones). False when the pending secret
   * changed meanwhile (another setup).
   */
  async enableTotp(userId: string, pending: string, step: number, recoveryHashes: string[]): Promise<boolean> {
    return transaction(this.pool, async (tx) => {
      const { rowCount } = await enableTotp.runWithCounts({ userId, pending, step }, tx);
      if (!rowCount) return false;
      await deleteRecoveryCodes.run({ userId }, tx);
      await insertRecoveryCodes.run({ userId, codeHashes: recoveryHashes }, tx);
      return true;
    });
  }

  async disableTotp(userId: string): Promise<void> {
    await transaction(this.pool, async (tx) => {
      const { rowCount } = await disableTotp.runWithCounts({ userId }, tx);
      if (!rowCount) throw noSuchUser(userId);
      await deleteRecoveryCodes.run({ userId }, tx);
    });
  }

  /** Records that the code of `step` was used; false when it (or a later one) already was: a code is good once, even when raced. */
  async useTotpStep(userId: string, step: number): Promise<boolean> {
    const { rowCount } = await useTotpStep.runWithCounts({ userId, step }, this.pool);
    return rowCount === 1;
  }

  /** Uses a recovery code once; false when it is unknown or used already (concurrent uses: one wins). */
  async useRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
    const { rowCount } = await useRecoveryCode.runWithCounts({ userId, codeHash, now }, this.pool);
    return rowCount === 1;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const [row] = await countRecoveryCodesLeft.run({ userId }, this.pool);
    return row!.n;
  }
}
