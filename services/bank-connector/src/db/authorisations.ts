import type { Queryable } from '@vrp/sql';
import {
  endAuthorisation as endAuthorisationQuery,
  findAuthorisation as findAuthorisationQuery,
  insertAuthorisation as insertAuthorisationQuery,
  otherAttemptInFlight as otherAttemptInFlightQuery,
  releaseAuthorisation as releaseAuthorisationQuery,
  useAuthorisation as useAuthorisationQuery,
  type IFindAuthorisationResult,
} from '../generated/sql/authorisations.queries.js';

/** A customer's authorisation at the bank in progress (one per BeginAuthorisation), as sql/authorisations.sql reads it. */
export type AuthorisationRow = IFindAuthorisationResult;

/** Keeps what finishing an authorisation needs, under the hash of its state. */
export async function insertAuthorisation(db: Queryable, a: Omit<AuthorisationRow, 'usedAt'>): Promise<void> {
  await insertAuthorisationQuery.run(
    { stateHash: a.stateHash, consentId: a.consentId, nonce: a.nonce, codeVerifier: a.codeVerifier, expiresAt: a.expiresAt },
    db,
  );
}

/** The authorisation whose state hashes to `stateHash`. */
export async function findAuthorisation(db: Queryable, stateHash: string): Promise<AuthorisationRow | undefined> {
  const [row] = await findAuthorisationQuery.run({ stateHash }, db);
  return row;
}

/** Marks it used; false when it was used already (a replayed or racing answer): each state answers once. */
export async function useAuthorisation(db: Queryable, stateHash: string): Promise<boolean> {
  const used = await useAuthorisationQuery.run({ stateHash }, db);
  return used.length === 1;
}

/** Gives a use back (the bank could not be reached to finish it: the customer's redirect may be repeated). */
export async function releaseAuthorisation(db: Queryable, stateHash: string): Promise<void> {
  await releaseAuthorisationQuery.run({ stateHash }, db);
}

/** Records that its answer was dealt with (authorised, or this attempt failed): no longer in flight. */
export async function endAuthorisation(db: Queryable, stateHash: string): Promise<void> {
  await endAuthorisationQuery.run({ stateHash }, db);
}

/**
 * Whether another attempt at the consent is still in flight: begun, neither ended nor expired
 * (`now` on the clock its expiry is dated by). Its answer may still authorise the consent.
 */
export async function otherAttemptInFlight(db: Queryable, consentId: string, stateHash: string, now: Date): Promise<boolean> {
  const found = await otherAttemptInFlightQuery.run({ consentId, stateHash, now }, db);
  return found.length > 0;
}
