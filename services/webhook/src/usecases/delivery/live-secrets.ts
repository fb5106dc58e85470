import { openSecret, type SecretKeyring } from '../../domain/signing-secret.js';
import type { EndpointRow } from '../../db/endpoints.js';

/** A replaced secret as endpoints.previous_secrets keeps it. */
interface PreviousSecret {
  ciphertext: string;
  valid_until: string;
}

/** Opened secrets by keyring, then by endpoint and ciphertext: a sealed secret never changes, so it is opened once. */
const opened = new WeakMap<SecretKeyring, Map<string, string>>();
/** Enough for every endpoint's live secrets at once; beyond it the oldest are opened again when next needed. */
const MAX_OPENED = 10_000;

function openOnce(key: SecretKeyring, endpointId: string, sealed: string): string {
  let byCiphertext = opened.get(key);
  if (!byCiphertext) opened.set(key, (byCiphertext = new Map()));
  const id = `${endpointId}:${sealed}`;
  let secret = byCiphertext.get(id);
  if (secret === undefined) {
    secret = openSecret(key, endpointId, sealed);
    if (byCiphertext.size >= MAX_OPENED) byCiphertext.delete(byCiphertext.keys().next().value!);
    byCiphertext.set(id, secret);
  }
  return secret;
}

/**
 * The secrets that sign a delivery at `now`: the current one first, then every replaced one
 * still within the 24 h after its own rotation, newest first.
 */
export function liveSecrets(
  key: SecretKeyring,
  endpoint: Pick<EndpointRow, 'id' | 'secretCiphertext' | 'previousSecrets'>,
  now: Date,
): string[] {
  const previous = (endpoint.previousSecrets as unknown as PreviousSecret[])
    .filter((p) => new Date(p.valid_until) > now)
    .sort((a, b) => Date.parse(b.valid_until) - Date.parse(a.valid_until));
  return [endpoint.secretCiphertext, ...previous.map((p) => p.ciphertext)].map((sealed) => openOnce(key, endpoint.id, sealed));
}
