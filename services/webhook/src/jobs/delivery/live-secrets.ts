import { openSecret } from '../../domain/signing-secret.js';
import type { EndpointRow } from '../../db/endpoints.js';

/** A replaced secret as endpoints.previous_secrets keeps it. */
interface PreviousSecret {
  ciphertext: string;
  valid_until: string;
}

/**
 * The secrets that sign a delivery at `now`: the current one first, then every replaced one
 * still within the 24 h after its own rotation, newest first.
 */
export function liveSecrets(key: Buffer, endpoint: Pick<EndpointRow, 'id' | 'secretCiphertext' | 'previousSecrets'>, now: Date): string[] {
  const previous = (endpoint.previousSecrets as unknown as PreviousSecret[])
    .filter((p) => new Date(p.valid_until) > now)
    .sort((a, b) => Date.parse(b.valid_until) - Date.parse(a.valid_until));
  return [endpoint.secretCiphertext, ...previous.map((p) => p.ciphertext)].map((sealed) => openSecret(key, endpoint.id, sealed));
}
