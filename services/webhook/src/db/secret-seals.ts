/**
 * Signing secrets as stored (sealed), for the re-seal job: endpoints with a secret sealed by a
 * key other than the sealing one, and the conditional write of their secrets sealed again.
 */
import { rows, type Queryable } from '@vrp/sql';

/** An endpoint's sealed secrets as stored: the current one and the replaced ones still kept. */
export interface SealedSecrets {
  id: string;
  secretCiphertext: string;
  /** endpoints.previous_secrets: [{"ciphertext", "valid_until"}]. */
  previousSecrets: { ciphertext: string; valid_until: string }[];
}

/**
 * Up to `limit` endpoints after `afterId` (by id) with a secret, current or replaced, that is not
 * sealed with the key `keyId` (its text does not start `v2.<keyId>.`): sealed with another key,
 * or in the first format, which carries no key id. Deleted endpoints too: a stored secret is one.
 */
export async function endpointsSealedOtherwise(db: Queryable, keyId: string, afterId: string, limit: number): Promise<SealedSecrets[]> {
  const found = await rows<{ id: string; secret_ciphertext: string; previous_secrets: SealedSecrets['previousSecrets'] }>(
    db,
    `SELECT id, secret_ciphertext, previous_secrets FROM webhook.endpoints
      WHERE id > $2
        AND (secret_ciphertext NOT LIKE $1
             OR EXISTS (SELECT 1 FROM jsonb_array_elements(previous_secrets) p WHERE p->>'ciphertext' NOT LIKE $1))
      ORDER BY id LIMIT $3`,
    [`v2.${keyId}.%`, afterId, limit],
  );
  return found.map((r) => ({ id: r.id, secretCiphertext: r.secret_ciphertext, previousSecrets: r.previous_secrets }));
}

/**
 * Stores an endpoint's secrets sealed again, only if they are still as `before` read them (a
 * rotation meanwhile wins: its secrets are sealed with the sealing key anyway). True when written.
 */
export async function replaceSealedSecrets(db: Queryable, before: SealedSecrets, after: Omit<SealedSecrets, 'id'>): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE webhook.endpoints SET secret_ciphertext = $4, previous_secrets = $5::jsonb
      WHERE id = $1 AND secret_ciphertext = $2 AND previous_secrets = $3::jsonb`,
    [
      before.id,
      before.secretCiphertext,
      JSON.stringify(before.previousSecrets),
      after.secretCiphertext,
      JSON.stringify(after.previousSecrets),
    ],
  );
  return rowCount === 1;
}

/** How many endpoints still have a secret not sealed with the key `keyId`. */
export async function countSealedOtherwise(db: Queryable, keyId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM webhook.endpoints
      WHERE secret_ciphertext NOT LIKE $1
         OR EXISTS (SELECT 1 FROM jsonb_array_elements(previous_secrets) p WHERE p->>'ciphertext' NOT LIKE $1)`,
    [`v2.${keyId}.%`],
  );
  return row?.n ?? 0;
}
