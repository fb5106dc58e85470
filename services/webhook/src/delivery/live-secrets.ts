import { openSecret } from '../domain/signing-secret.js';
import type { EndpointRow } from '../db/endpoints.js';

/** The secrets that sign a delivery at `now`: the current one first, then a replaced one still in its 24 h overlap. */
export function liveSecrets(key: Buffer, endpoint: EndpointRow, now: Date): string[] {
  const secrets = [openSecret(key, endpoint.id, endpoint.secretCiphertext)];
  if (endpoint.previousSecretCiphertext && endpoint.previousSecretValidUntil && endpoint.previousSecretValidUntil > now) {
    secrets.push(openSecret(key, endpoint.id, endpoint.previousSecretCiphertext));
  }
  return secrets;
}
