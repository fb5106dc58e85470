import { endpointsSealedOtherwise, replaceSealedSecrets, type SealedSecrets } from '../db/secret-seals.js';
import { openSecret, sealSecret } from '../domain/signing-secret.js';
import type { Deps } from '../deps.js';

/** What one pass of the re-seal job did. */
export interface ResealResult {
  /** Endpoints whose secrets are now all sealed with the sealing key. */
  resealed: number;
  /** Endpoints with a secret no listed key opens: they stay as they are. */
  unreadable: { endpointId: string; err: unknown }[];
}

const BATCH = 100;

/**
 * Moves every stored signing secret (current and replaced ones, deleted endpoints' too) that a
 * key other than WEBHOOK_SECRET_KEY's first sealed onto that key: each is opened with the key
 * that sealed it and sealed again, and written only if the endpoint's secrets did not change
 * meanwhile. Replaced secrets past their overlap are dropped, as a rotation drops them. Once a
 * pass finds nothing left, the older keys can be taken off the list. Safe on several replicas at
 * once (conditional writes).
 */
export async function resealSecrets(deps: Pick<Deps, 'sql' | 'config'>, now = new Date()): Promise<ResealResult> {
  const ring = deps.config.secretKeys;
  const result: ResealResult = { resealed: 0, unreadable: [] };
  for (let after = ''; ;) {
    const batch = await endpointsSealedOtherwise(deps.sql, ring.sealing.id, after, BATCH);
    for (const endpoint of batch) {
      let again: Omit<SealedSecrets, 'id'>;
      try {
        again = sealedAgain(deps, endpoint, now);
      } catch (err) {
        result.unreadable.push({ endpointId: endpoint.id, err });
        continue;
      }
      if (await replaceSealedSecrets(deps.sql, endpoint, again)) result.resealed++;
    }
    if (batch.length < BATCH) return result;
    after = batch[batch.length - 1]!.id;
  }
}

/** The endpoint's live secrets sealed with the sealing key; throws when one cannot be opened. */
function sealedAgain(deps: Pick<Deps, 'config'>, endpoint: SealedSecrets, now: Date): Omit<SealedSecrets, 'id'> {
  const ring = deps.config.secretKeys;
  const again = (sealed: string) => sealSecret(ring, endpoint.id, openSecret(ring, endpoint.id, sealed));
  return {
    secretCiphertext: again(endpoint.secretCiphertext),
    previousSecrets: endpoint.previousSecrets
      .filter((p) => new Date(p.valid_until) > now)
      .map((p) => ({ ciphertext: again(p.ciphertext), valid_until: p.valid_until })),
  };
}
