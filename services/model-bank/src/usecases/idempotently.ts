import { createHash } from 'node:crypto';
import { ERROR_CODES } from '@vrp/open-banking';
import type { Queryable } from '@vrp/sql';
import { claimKey } from '../db/idempotency.js';
import { invalid } from '../domain/errors.js';

/** The x-idempotency-key a POST came with, and its body's exact bytes. */
export interface IdempotentRequest {
  clientId: string;
  key: string;
  body: Buffer;
}

/**
 * Creates a resource at most once per x-idempotency-key, in the caller's transaction: the first
 * request with a key creates it under `newId` (`create`); a later one with the same body gets the
 * same resource as it is now (`load`), as the profile asks; one with another body is refused
 * (400, the key is invalid for it). Requests racing with one key create one resource.
 */
export async function idempotently<T>(
  tx: Queryable,
  request: IdempotentRequest,
  operation: string,
  newId: string,
  create: () => Promise<T>,
  load: (id: string) => Promise<T>,
): Promise<T> {
  const bodyHash = createHash('sha256').update(request.body).digest('base64url');
  const claim = await claimKey(tx, { clientId: request.clientId, operation, key: request.key, bodyHash, resourceId: newId });
  if (claim.fresh) return create();
  if (claim.bodyHash !== bodyHash) {
    throw invalid(ERROR_CODES.idempotencyKeyReused, 'this x-idempotency-key was used with another request body', 'x-idempotency-key');
  }
  return load(claim.resourceId);
}
