import { transaction, type Queryable, type SqlPool } from '@vrp/sql';
import type { ConsentStatus, ObCashAccount, ObVrpConsentRequest, ObVrpInitiation } from '@vrp/open-banking';
import type { Journey } from '../domain/journey.js';
import {
  claimConsentsToCheck as claimConsentsToCheckQuery,
  claimUnrecordedJourneys as claimUnrecordedJourneysQuery,
  creditorAccountsOf as creditorAccountsOfQuery,
  endJourney as endJourneyQuery,
  findConsent as findConsentQuery,
  findConsentByBankId as findConsentByBankIdQuery,
  findConsentById as findConsentByIdQuery,
  findConsentByLink as findConsentByLinkQuery,
  insertConsent as insertConsentQuery,
  lockConsent as lockConsentQuery,
  markJourneyRecorded as markJourneyRecordedQuery,
  setAuthorised as setAuthorisedQuery,
  setBankStatus as setBankStatusQuery,
  setDeleted as setDeletedQuery,
  setStaged as setStagedQuery,
  type IFindConsentResult,
} from '../generated/sql/consents.queries.js';

/** A mandate's consent as the connector keeps it: the row the consent queries of sql/consents.sql select, its JSON and statuses typed. */
export type ConsentRow = Omit<IFindConsentResult, 'bankStatus' | 'journey' | 'request' | 'initiation' | 'debtorAccount'> & {
  bankStatus: ConsentStatus;
  journey: Journey;
  request: ObVrpConsentRequest;
  initiation: ObVrpInitiation;
  debtorAccount: ObCashAccount | null;
};

/** A consent as one of the consent queries returns it: its statuses and JSON are what the connector wrote. */
const consentOf = (row: IFindConsentResult): ConsentRow => ({
  ...row,
  bankStatus: row.bankStatus as ConsentStatus,
  journey: row.journey as Journey,
  request: row.request as unknown as ObVrpConsentRequest,
  initiation: row.initiation as unknown as ObVrpInitiation,
  debtorAccount: row.debtorAccount as unknown as ObCashAccount | null,
});

const first = ([row]: IFindConsentResult[]): ConsentRow | undefined => (row ? consentOf(row) : undefined);

/** The mandate's consent, locked for the transaction `tx` (undefined when there is none yet). */
export async function lockConsent(tx: Queryable, merchantId: string, mandateId: string): Promise<ConsentRow | undefined> {
  return first(await lockConsentQuery.run({ merchantId, mandateId }, tx));
}

/** The mandate's consent. */
export async function findConsent(db: Queryable, merchantId: string, mandateId: string): Promise<ConsentRow | undefined> {
  return first(await findConsentQuery.run({ merchantId, mandateId }, db));
}

/** The consent whose link token hashes to `tokenHash`. */
export async function findConsentByLink(db: Queryable, tokenHash: string): Promise<ConsentRow | undefined> {
  return first(await findConsentByLinkQuery.run({ tokenHash }, db));
}

/** The consent of the connector's own id. */
export async function findConsentById(db: Queryable, id: string): Promise<ConsentRow | undefined> {
  return first(await findConsentByIdQuery.run({ id }, db));
}

/** The consent the bank knows as `bankConsentId`. */
export async function findConsentByBankId(db: Queryable, bankConsentId: string): Promise<ConsentRow | undefined> {
  return first(await findConsentByBankIdQuery.run({ bankConsentId }, db));
}

/** What a new consent is staged with; the bank's ConsentId is set in the same transaction. */
export interface NewConsent {
  id: string;
  merchantId: string;
  mandateId: string;
  mandateRequestId: string | null;
  customerId: string;
  request: ObVrpConsentRequest;
  currency: string;
  vrpType: string;
  returnUri: string | null;
  expiresAt: Date;
  linkTokenHash: string;
  linkTokenSealed: string;
}

/**
 * Claims the mandate's consent row in transaction `tx` (the unique (merchant_id, mandate_id) makes
 * a racing stage wait until this transaction ends); false when another transaction had it first.
 */
export async function insertConsent(tx: Queryable, c: NewConsent): Promise<boolean> {
  const inserted = await insertConsentQuery.run(
    {
      id: c.id,
      merchantId: c.merchantId,
      mandateId: c.mandateId,
      mandateRequestId: c.mandateRequestId,
      customerId: c.customerId,
      // JSON is bound as its text, as written.
      request: JSON.stringify(c.request),
      initiation: JSON.stringify(c.request.Data.Initiation),
      currency: c.currency,
      vrpType: c.vrpType,
      returnUri: c.returnUri,
      expiresAt: c.expiresAt,
      linkTokenHash: c.linkTokenHash,
      linkTokenSealed: c.linkTokenSealed,
    },
    tx,
  );
  return inserted.length === 1;
}

/** Records the bank's answer to the stage: its ConsentId, status and the Initiation it keeps. */
export async function setStaged(tx: Queryable, id: string, staged: StagedAtBank): Promise<ConsentRow> {
  const [row] = await setStagedQuery.run(
    { id, bankConsentId: staged.bankConsentId, bankStatus: staged.bankStatus, initiation: JSON.stringify(staged.initiation) },
    tx,
  );
  return consentOf(row!);
}

/** The bank's answer to a stage, as setStaged records it. */
export type StagedAtBank = { bankConsentId: string; bankStatus: ConsentStatus; initiation: ObVrpInitiation };

/**
 * Stages the mandate's consent once, in one transaction: the mandate's row is locked, or claimed
 * with `fresh()` when there is none, and `stage` (the call to the bank) answers what is recorded on
 * it before the commit. A racing stage waits on the row and answers the consent this one staged;
 * a repeat answers the row as it is. If `stage` throws, nothing is kept.
 */
export async function stageConsentOnce(
  pool: SqlPool,
  merchantId: string,
  mandateId: string,
  fresh: () => NewConsent,
  stage: () => Promise<StagedAtBank>,
): Promise<ConsentRow> {
  return transaction(pool, async (tx) => {
    const known = await lockConsent(tx, merchantId, mandateId);
    if (known) return known;
    const consent = fresh();
    const claimed = await insertConsent(tx, consent);
    // Another stage committed the row between the lock and the insert: answer what it staged.
    if (!claimed) return (await lockConsent(tx, merchantId, mandateId))!;
    return setStaged(tx, consent.id, await stage());
  });
}

/** Moves an open journey to its end (`to`); false when it had ended already. */
export async function endJourney(db: Queryable, id: string, to: Exclude<Journey, 'open'>): Promise<boolean> {
  const moved = await endJourneyQuery.run({ id, to }, db);
  return moved.length === 1;
}

/**
 * Records the customer's authorisation: the consent's sealed token, its status and the debtor
 * account the bank confirmed, the journey authorised, and the watcher's first read scheduled.
 */
export async function setAuthorised(
  db: Queryable,
  id: string,
  a: { accessTokenSealed: string; accessTokenExpiresAt: Date | null; debtorAccount: ObCashAccount | null; nextCheckAt: Date },
): Promise<boolean> {
  const moved = await setAuthorisedQuery.run(
    {
      id,
      accessTokenSealed: a.accessTokenSealed,
      accessTokenExpiresAt: a.accessTokenExpiresAt,
      debtorAccount: a.debtorAccount ? JSON.stringify(a.debtorAccount) : null,
      nextCheckAt: a.nextCheckAt,
    },
    db,
  );
  return moved.length === 1;
}

/** Records the status the bank reports now (and why, when it says). */
export async function setBankStatus(db: Queryable, id: string, status: ConsentStatus, reason: string | null): Promise<void> {
  await setBankStatusQuery.run({ id, status, reason }, db);
}

/** Records that the consent was deleted at the bank: cancelled there, its open journey ended. */
export async function setDeleted(db: Queryable, id: string): Promise<void> {
  await setDeletedQuery.run({ id }, db);
}

/**
 * Claims up to `limit` authorised consents due for a read at the bank (several replicas each take
 * their own), moving each one's next read `everyMs` on.
 */
export async function claimConsentsToCheck(db: Queryable, limit: number, everyMs: number): Promise<ConsentRow[]> {
  return (await claimConsentsToCheckQuery.run({ limit, everyMs }, db)).map(consentOf);
}

/** The distinct creditor accounts of a merchant's consents (the sandbox pushes clocks per account). */
export async function creditorAccountsOf(db: Queryable, merchantId: string): Promise<ObCashAccount[]> {
  // The connector wrote each initiation, so its CreditorAccount is an OBCashAccount.
  return (await creditorAccountsOfQuery.run({ merchantId }, db)).map((r) => r.account as unknown as ObCashAccount);
}

/** A mandate request's ended journey whose outcome the mandate service has not acknowledged. */
export interface UnrecordedJourney {
  id: string;
  merchantId: string;
  mandateRequestId: string;
  journey: 'authorised' | 'declined';
}

/**
 * Claims up to `limit` journeys of mandate requests that ended (authorised or declined) at least
 * `graceMs` ago with their outcome not yet acknowledged by the mandate service (the caller of
 * CompleteAuthorisation records it first; this catches what it never did). The claim moves
 * updated_at on, so another replica leaves it alone for `graceMs`.
 */
export async function claimUnrecordedJourneys(db: Queryable, limit: number, graceMs: number): Promise<UnrecordedJourney[]> {
  // The claim takes only authorised or declined journeys.
  return (await claimUnrecordedJourneysQuery.run({ limit, graceMs }, db)).map((r) => ({
    ...r,
    journey: r.journey as UnrecordedJourney['journey'],
  }));
}

/** The mandate service acknowledged the journey's outcome (or refused it for good). */
export async function markJourneyRecorded(db: Queryable, id: string): Promise<void> {
  await markJourneyRecordedQuery.run({ id }, db);
}
