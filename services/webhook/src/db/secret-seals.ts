/**
 * Signing secrets as stored (sealed), for the re-seal job: endpoints with a secret sealed by a
 * key other than the sealing one, and the conditional write of their secrets sealed again.
 */
import type { Queryable } from '@vrp/sql';
import {
  countSealedOtherwise as countSealedOtherwiseQuery,
  endpointsSealedOtherwise as endpointsSealedOtherwiseQuery,
  replaceSealedSecrets as replaceSealedSecretsQuery,
} from '../generated/sql/secret-seals.queries.js';

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
  const found = await endpointsSealedOtherwiseQuery.run({ pattern: `v2.${keyId}.%`, afterId, limit }, db);
  return found.map((r) => ({
    id: r.id,
    secretCiphertext: r.secretCiphertext,
    previousSecrets: r.previousSecrets as SealedSecrets['previousSecrets'],
  }));
}

/**
 * Stores an endpoint's secrets sealed again, only if they are still as `before` read them (a
 * rotation meanwhile wins: its secrets are sealed with the sealing key anyway). True when written.
 */
export async function replaceSealedSecrets(db: Queryable, before: SealedSecrets, after: Omit<SealedSecrets, 'id'>): Promise<boolean> {
  // The secrets go as JSON text, compared and stored as jsonb by the statement, as before.
  const replaced = await replaceSealedSecretsQuery.run(
    {
      id: before.id,
      secretCiphertextBefore: before.secretCiphertext,
      previousSecretsBefore: JSON.stringify(before.previousSecrets),
      secretCiphertext: after.secretCiphertext,
      previousSecrets: JSON.stringify(after.previousSecrets),
    },
    db,
  );
  return replaced.length === 1;
}

/** How many endpoints still have a secret not sealed with the key `keyId`. */
export async function countSealedOtherwise(db: Queryable, keyId: string): Promise<number> {
  const [row] = await countSealedOtherwiseQuery.run({ pattern: `v2.${keyId}.%` }, db);
  return row?.n ?? 0;
}
