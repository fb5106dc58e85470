import { createHash } from 'node:crypto';
import { ERROR_CODES } from '@vrp/open-banking';
import type { SqlPool } from '@vrp/sql';
import { withClaimedKey } from '../db/idempotency.js';
import type { Tx } from '../db/tx.js';
import { invalid } from '../domain/errors.js';

/** The x-idempotency-key a POST came with, and its body's exact bytes. */
export interface IdempotentRequest {
  clientId: string;
  key: string;
  body: Buffer;
}

/**
 * Creates a resource at most once per x-idempotency-key, in one transaction with the key's claim:
 * the first request with a key creates it under `newId` (`create`); a later one with the same body
 * gets the same resource as it is now (`load`), as the profile asks; one with another body is
 * refused (400, the key is invalid for it). Requests racing with one key create one resource.
 */
export async function idempotently<T>(
  pool: SqlPool,
  request: IdempotentRequest,
  operation: string,
  newId: string,
  create: (tx: Tx) => Promise<T>,
  load: (tx: Tx, id: string) => Promise<T>,
): Promise<T> {
  const bodyHash = createHash('sha256').update(request.body).digest('base64url');
  const key = { clientId: request.clientId, operation, key: request.key, bodyHash, resourceId: newId };
  return withClaimedKey(pool, key, async (tx, claim) => {
    if (claim.fresh) return create(tx);
    if (claim.bodyHash !== bodyHash) {
      throw invalid(ERROR_CODES.idempotencyKeyReused, 'this x-idempotency-key was used with another request body', 'x-idempotency-key');
    }
    return load(tx, claim.resourceId);
  });
}
