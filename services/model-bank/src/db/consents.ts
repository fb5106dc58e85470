import type { ConsentStatus, ObStatusReason } from '@vrp/open-banking';
import { transaction, type Queryable, type SqlPool } from '@vrp/sql';
import type { Consent } from '../domain/consent.js';
import {
  consentByGrant as consentByGrantQuery,
  consentById as consentByIdQuery,
  dueExpiries as dueExpiriesQuery,
  insertConsent as insertConsentQuery,
  liveConsentsOnAccount as liveConsentsOnAccountQuery,
  lockConsent as lockConsentQuery,
  moveConsent as moveConsentQuery,
  relinkConsents as relinkConsentsQuery,
  type IConsentByIdResult,
} from '../generated/sql/consents.queries.js';
import type { Tx } from './tx.js';

/**
 * A consent as every consent read of sql/consents.sql returns it, made the bank's Consent: the
 * maximum amount (int8, read as its digits) a bigint, and the status, reasons and the request's
 * parts typed as the bank writes them.
 */
const toConsent = (r: IConsentByIdResult): Consent => ({
  ...r,
  status: r.status as ConsentStatus,
  statusReasons: r.statusReasons as ObStatusReason[] | null,
  readRefundAccount: r.readRefundAccount as Consent['readRefundAccount'],
  controlParameters: r.controlParameters as unknown as Consent['controlParameters'],
  initiation: r.initiation as unknown as Consent['initiation'],
  risk: r.risk as unknown as Consent['risk'],
  maxIndividualMinor: BigInt(r.maxIndividualMinor),
});

/** Records a new consent. */
export async function insertConsent(db: Queryable, c: Consent): Promise<void> {
  await insertConsentQuery.run(
    {
      ...c,
      // jsonb bound as its JSON text, as written; the amount as its digits.
      statusReasons: c.statusReasons ? JSON.stringify(c.statusReasons) : null,
      controlParameters: JSON.stringify(c.controlParameters),
      initiation: JSON.stringify(c.initiation),
      risk: JSON.stringify(c.risk),
      maxIndividualMinor: c.maxIndividualMinor.toString(),
    },
    db,
  );
}

/** A consent by id; `forUpdate` locks it, so payments under it are decided one at a time. */
export async function consentById(db: Queryable, id: string, forUpdate = false): Promise<Consent | undefined> {
  const [row] = await (forUpdate ? lockConsentQuery : consentByIdQuery).run({ id }, db);
  return row ? toConsent(row) : undefined;
}

/**
 * One transaction on the consent `id`: it is read first (locked when `forUpdate`, so changes to it
 * and payments under it go one at a time; undefined when there is none), then `work` decides and
 * writes on the same transaction, which commits when `work` resolves and rolls back when it throws.
 */
export function withConsent<T>(
  pool: SqlPool,
  id: string,
  forUpdate: boolean,
  work: (tx: Tx, consent: Consent | undefined) => Promise<T>,
): Promise<T> {
  return transaction(pool, async (tx) => work(tx, await consentById(tx, id, forUpdate)));
}

/** The consent an authorisation grant was given for. */
export async function consentByGrant(db: Queryable, grantId: string): Promise<Consent | undefined> {
  const [row] = await consentByGrantQuery.run({ grantId }, db);
  return row ? toConsent(row) : undefined;
}

/**
 * Moves a consent to `to` if it is in one of `from` (the database decides a race), with its
 * reasons and time, and optionally the account and grant of an authorisation. The moved consent,
 * or undefined when it was not in `from`.
 */
export async function moveConsent(
  db: Queryable,
  id: string,
  to: ConsentStatus,
  from: readonly ConsentStatus[],
  change: { at: Date; reasons?: ObStatusReason[]; accountId?: string; grantId?: string },
): Promise<Consent | undefined> {
  const [row] = await moveConsentQuery.run(
    {
      id,
      to,
      from: [...from],
      statusReasons: change.reasons ? JSON.stringify(change.reasons) : null,
      at: change.at,
      accountId: change.accountId ?? null,
      grantId: change.grantId ?? null,
    },
    db,
  );
  return row ? toConsent(row) : undefined;
}

/** The live (AWAU or AUTH) consents linked to an account, locked. */
export async function liveConsentsOnAccount(db: Queryable, accountId: string): Promise<Consent[]> {
  return (await liveConsentsOnAccountQuery.run({ accountId }, db)).map(toConsent);
}

/** Links every consent of `from` to `to` (an account switched). */
export async function relinkConsents(db: Queryable, from: string, to: string): Promise<void> {
  await relinkConsentsQuery.run({ from, to }, db);
}

/**
 * Live consents whose validity has ended on their payee's clock (`expires_at` reached at now plus
 * the clock's offset); each is then expired in its own transaction.
 */
export async function dueExpiries(db: Queryable, limit: number): Promise<string[]> {
  return (await dueExpiriesQuery.run({ limit }, db)).map((r) => r.id);
}
