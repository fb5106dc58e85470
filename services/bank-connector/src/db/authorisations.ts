import { rows, type Queryable } from '@vrp/sql';

/** A customer's authorisation at the bank in progress (one per BeginAuthorisation). */
export interface AuthorisationRow {
  stateHash: string;
  consentId: string;
  nonce: string;
  codeVerifier: string;
  expiresAt: Date;
  usedAt: Date | null;
}

interface Row {
  state_hash: string;
  consent_id: string;
  nonce: string;
  code_verifier: string;
  expires_at: Date;
  used_at: Date | null;
}

const COLUMNS = 'state_hash, consent_id, nonce, code_verifier, expires_at, used_at';

const authorisationOf = (r: Row): AuthorisationRow => ({
  stateHash: r.state_hash,
  consentId: r.consent_id,
  nonce: r.nonce,
  codeVerifier: r.code_verifier,
  expiresAt: r.expires_at,
  usedAt: r.used_at,
});

/** Keeps what finishing an authorisation needs, under the hash of its state. */
export async function insertAuthorisation(db: Queryable, a: Omit<AuthorisationRow, 'usedAt'>): Promise<void> {
  await db.query(`INSERT INTO connector.authorisations (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, NULL)`, [
    a.stateHash,
    a.consentId,
    a.nonce,
    a.codeVerifier,
    a.expiresAt,
  ]);
}

/** The authorisation whose state hashes to `stateHash`. */
export async function findAuthorisation(db: Queryable, stateHash: string): Promise<AuthorisationRow | undefined> {
  const [row] = await rows<Row>(db, `SELECT ${COLUMNS} FROM connector.authorisations WHERE state_hash = $1`, [stateHash]);
  return row ? authorisationOf(row) : undefined;
}

/** Marks it used; false when it was used already (a replayed or racing answer): each state answers once. */
export async function useAuthorisation(db: Queryable, stateHash: string): Promise<boolean> {
  const used = await rows(
    db,
    `UPDATE connector.authorisations SET used_at = now() WHERE state_hash = $1 AND used_at IS NULL RETURNING state_hash`,
    [stateHash],
  );
  return used.length === 1;
}

/** Gives a use back (the bank could not be reached to finish it: the customer's redirect may be repeated). */
export async function releaseAuthorisation(db: Queryable, stateHash: string): Promise<void> {
  await db.query(`UPDATE connector.authorisations SET used_at = NULL WHERE state_hash = $1`, [stateHash]);
}

/** Records that its answer was dealt with (authorised, or this attempt failed): no longer in flight. */
export async function endAuthorisation(db: Queryable, stateHash: string): Promise<void> {
  await db.query(`UPDATE connector.authorisations SET ended_at = now() WHERE state_hash = $1 AND ended_at IS NULL`, [stateHash]);
}

/**
 * Whether another attempt at the consent is still in flight: begun, neither ended nor expired
 * (`now` on the clock its expiry is dated by). Its answer may still authorise the consent.
 */
export async function otherAttemptInFlight(db: Queryable, consentId: string, stateHash: string, now: Date): Promise<boolean> {
  const found = await rows(
    db,
    `SELECT 1 FROM connector.authorisations
      WHERE consent_id = $1 AND state_hash <> $2 AND ended_at IS NULL AND expires_at > $3 LIMIT 1`,
    [consentId, stateHash, now],
  );
  return found.length > 0;
}
