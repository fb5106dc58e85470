import { dropExpiredKeys } from '../db/idempotency.js';
import { dropExpiredPayloads } from '../db/oidc-adapter.js';
import type { Deps } from '../deps.js';

/** Drops what has run out: the authorisation server's expired artefacts and idempotency keys past 24 hours. */
export async function cleanUp(deps: Deps): Promise<number> {
  return (await dropExpiredPayloads(deps.db)) + (await dropExpiredKeys(deps.db));
}
