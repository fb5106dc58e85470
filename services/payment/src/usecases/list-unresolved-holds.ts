import { validationError } from '@vrp/errors';
import { unresolvedAllocations, type AllocationRow } from '../db/refund-allocations.js';
import type { Deps } from '../deps.js';

const MAX_HOLDS = 500;

/**
 * Refund holds neither confirmed nor released, made before `createdBefore`, oldest first. The
 * refund service's sweeper decides each: a create records its request together with its refund,
 * after the hold, so a hold whose create died in between is known only here.
 */
export async function listUnresolvedHolds(deps: Deps, createdBefore: Date | undefined, limit: number): Promise<AllocationRow[]> {
  if (!createdBefore) throw validationError('created_before', 'is required');
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_HOLDS) throw validationError('limit', `must be 1..${MAX_HOLDS}`);
  return unresolvedAllocations(deps.sql, createdBefore, limit);
}
