import { notFound } from '@vrp/errors';
import { findEndpoint, type EndpointRow } from '../db/endpoints.js';
import type { Deps } from '../deps.js';

/** One endpoint of the merchant, or 404 not_found (also for another merchant's). */
export async function getEndpoint(deps: Pick<Deps, 'sql'>, merchantId: string, id: string): Promise<EndpointRow> {
  const endpoint = await findEndpoint(deps.sql, merchantId, id);
  if (!endpoint) throw notFound('webhook endpoint', id);
  return endpoint;
}
