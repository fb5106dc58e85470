import type { Endpoint } from '../generated/prisma/client.js';
import type { Db, Tx } from './client.js';

export type EndpointRow = Endpoint;

/** Finds one endpoint of the merchant (another merchant's endpoint is simply not found). */
export function findEndpoint(db: Db | Tx, merchantId: string, id: string): Promise<EndpointRow | null> {
  return db.endpoint.findFirst({ where: { merchantId, id } });
}

/** Endpoints of the merchant that receive `eventType` now: enabled, and subscribed (empty = all). */
export function subscribedEndpoints(db: Db | Tx, merchantId: string, eventType: string): Promise<EndpointRow[]> {
  return db.endpoint.findMany({
    where: { merchantId, status: 'enabled', OR: [{ enabledEvents: { isEmpty: true } }, { enabledEvents: { has: eventType } }] },
    orderBy: { id: 'asc' },
  });
}

/**
 * Replaces the endpoint's secret in one statement: the current secret becomes the previous one
 * (valid until `overlapUntil`), so concurrent rotations serialise on the row and none is lost.
 */
export async function rotateSecret(db: Db | Tx, merchantId: string, id: string, sealed: string, at: Date, overlapUntil: Date): Promise<EndpointRow | null> {
  const updated = await db.$executeRaw`
    UPDATE "webhook"."endpoints"
       SET previous_secret_ciphertext = secret_ciphertext,
           previous_secret_valid_until = ${overlapUntil},
           secret_ciphertext = ${sealed},
           secret_rotated_at = ${at}
     WHERE merchant_id = ${merchantId} AND id = ${id}`;
  return updated === 1 ? findEndpoint(db, merchantId, id) : null;
}
