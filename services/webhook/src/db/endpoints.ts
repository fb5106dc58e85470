import { subscriptionsTaking } from '../domain/event-subscription.js';
import type { Endpoint } from '../generated/prisma/client.js';
import type { KeysetQuery } from '@vrp/pagination';
import type { Queryable } from '@vrp/sql';
import type { Db, Tx } from './client.js';
import { failWaitingDeliveries } from './deliveries.js';

export type EndpointRow = Endpoint;

/** Finds one endpoint of the merchant (another merchant's endpoint is simply not found). */
export function findEndpoint(db: Db | Tx, merchantId: string, id: string): Promise<EndpointRow | null> {
  return db.endpoint.findFirst({ where: { merchantId, id, deletedAt: null } });
}

/** Endpoints of the merchant that receive `eventType` now: enabled, and subscribed (empty = all, or a matching wildcard). */
export function subscribedEndpoints(db: Db | Tx, merchantId: string, eventType: string): Promise<EndpointRow[]> {
  return db.endpoint.findMany({
    where: {
      merchantId,
      status: 'enabled',
      deletedAt: null,
      OR: [{ enabledEvents: { isEmpty: true } }, { enabledEvents: { hasSome: subscriptionsTaking(eventType) } }],
    },
    orderBy: { id: 'asc' },
  });
}

/** How an attempt went, for the endpoint's health. */
export interface AttemptHealth {
  at: Date;
  success: boolean;
  /** The receiver answered 410 Gone: it does not want deliveries any more. */
  gone: boolean;
  /** WEBHOOK_DISABLE_AFTER: failing without a success for this long disables the endpoint. */
  disableAfterMs: number;
}

/**
 * Keeps the endpoint's run of failures (failing_since, cleared by a success) and disables it, in
 * one conditional statement, when the receiver answered 410 Gone (reason `gone`) or has failed
 * for WEBHOOK_DISABLE_AFTER without a success (reason `failing`). Returns the reason when this
 * attempt disabled it.
 */
export async function recordEndpointHealth(db: Db | Tx, endpointId: string, h: AttemptHealth): Promise<'gone' | 'failing' | null> {
  const failingBefore = new Date(h.at.getTime() - h.disableAfterMs);
  const rows = await db.$queryRaw<{ disabled_reason: string | null }[]>`
    WITH before AS (SELECT id, status FROM "webhook"."endpoints" WHERE id = ${endpointId} AND deleted_at IS NULL FOR UPDATE),
    verdict AS (
      SELECT e.id,
             CASE WHEN ${h.success} OR b.status <> 'enabled' THEN NULL
                  WHEN ${h.gone} THEN 'gone'
                  WHEN COALESCE(e.failing_since, ${h.at}) <= ${failingBefore} THEN 'failing' END AS reason
        FROM "webhook"."endpoints" e JOIN before b ON b.id = e.id
    )
    UPDATE "webhook"."endpoints" e
       SET failing_since = CASE WHEN ${h.success} THEN NULL ELSE COALESCE(e.failing_since, ${h.at}) END,
           status = CASE WHEN v.reason IS NULL THEN e.status ELSE 'disabled' END,
           disabled_reason = COALESCE(v.reason, e.disabled_reason),
           disabled_at = CASE WHEN v.reason IS NULL THEN e.disabled_at ELSE ${h.at} END
      FROM verdict v WHERE v.id = e.id
    RETURNING v.reason AS disabled_reason`;
  const reason = rows[0]?.disabled_reason;
  return reason === 'gone' || reason === 'failing' ? reason : null;
}

/**
 * Replaces the endpoint's secret in one statement: the current secret joins the replaced ones
 * that still sign (valid until `overlapUntil`), expired ones are dropped. One statement, so
 * concurrent rotations serialise on the row and no live secret is lost.
 */
export async function rotateSecret(
  db: Db | Tx,
  merchantId: string,
  id: string,
  sealed: string,
  at: Date,
  overlapUntil: Date,
): Promise<EndpointRow | null> {
  const updated = await db.$executeRaw`
    UPDATE "webhook"."endpoints"
       SET previous_secrets = COALESCE(
             (SELECT jsonb_agg(p) FROM jsonb_array_elements(previous_secrets) p WHERE (p->>'valid_until')::timestamptz > ${at}),
             '[]'::jsonb) || jsonb_build_array(jsonb_build_object('ciphertext', secret_ciphertext, 'valid_until', to_jsonb(${overlapUntil}::timestamptz))),
           secret_ciphertext = ${sealed},
           secret_rotated_at = ${at}
     WHERE merchant_id = ${merchantId} AND id = ${id} AND deleted_at IS NULL`;
  return updated === 1 ? findEndpoint(db, merchantId, id) : null;
}

/** One keyset page query of the merchant's endpoints (deleted ones never). */
export function queryEndpoints(db: Db, merchantId: string, range: Record<string, unknown>, query: KeysetQuery): Promise<EndpointRow[]> {
  return db.endpoint.findMany({
    where: { AND: [{ merchantId, deletedAt: null }, range, query.where] },
    orderBy: query.orderBy,
    take: query.take,
  });
}

/** A new endpoint, its secret already sealed. */
export interface NewEndpoint {
  id: string;
  merchantId: string;
  url: string;
  description: string;
  enabledEvents: string[];
  signatureScheme: string;
  rateLimitPerSecond: number | null;
  secretCiphertext: string;
  at: Date;
}

/** The name the database gives the 16-endpoints-per-merchant rule (a trigger's check_violation). */
export const ENDPOINTS_PER_MERCHANT = 'endpoints_per_merchant';
/** How many live endpoints a merchant may have (the database trigger's number). */
export const MAX_ENDPOINTS_PER_MERCHANT = 16;

/**
 * Inserts the endpoint, or returns null when the merchant has its 16 live endpoints already: the
 * database counts them under the merchant's lock (migration 20261128100000), so concurrent creates
 * never pass the limit.
 */
export async function insertEndpoint(db: Db, sql: Queryable, e: NewEndpoint): Promise<EndpointRow | null> {
  try {
    await sql.query(
      `INSERT INTO webhook.endpoints (id, merchant_id, url, description, enabled_events, created_at, secret_ciphertext, secret_rotated_at, signature_scheme, rate_limit_per_second)
       VALUES ($1, $2, $3, $4, $5::text[], $6, $7, $6, $8, $9)`,
      [e.id, e.merchantId, e.url, e.description, e.enabledEvents, e.at, e.secretCiphertext, e.signatureScheme, e.rateLimitPerSecond],
    );
  } catch (err) {
    if ((err as { constraint?: string }).constraint === ENDPOINTS_PER_MERCHANT) return null;
    throw err;
  }
  return findEndpoint(db, e.merchantId, e.id);
}

/** Changes the settings given of a live endpoint of the merchant; false when there is none. */
export async function updateEndpointSettings(
  db: Db,
  merchantId: string,
  id: string,
  settings: { url?: string; description?: string; enabledEvents?: string[]; rateLimitPerSecond?: number | null },
): Promise<boolean> {
  const { count } = await db.endpoint.updateMany({ where: { merchantId, id, deletedAt: null }, data: settings });
  return count === 1;
}

/** Enables a disabled endpoint again with a fresh run of failures, whatever disabled it; true when it was disabled. */
export async function enableEndpoint(db: Db, merchantId: string, id: string): Promise<boolean> {
  const { count } = await db.endpoint.updateMany({
    where: { merchantId, id, deletedAt: null, status: 'disabled' },
    data: { status: 'enabled', disabledReason: null, disabledAt: null, failingSince: null },
  });
  return count > 0;
}

/** Disables an enabled endpoint for the merchant (one disabled for another reason keeps it); true when this disabled it. */
export async function disableEndpoint(db: Db, merchantId: string, id: string, at: Date): Promise<boolean> {
  const { count } = await db.endpoint.updateMany({
    where: { merchantId, id, deletedAt: null, status: 'enabled' },
    data: { status: 'disabled', disabledReason: 'merchant', disabledAt: at },
  });
  return count > 0;
}

/** Marks the endpoint deleted (and disabled by the merchant); false when it was gone already. */
export async function markEndpointDeleted(tx: Tx, merchantId: string, id: string, at: Date): Promise<boolean> {
  const { count } = await tx.endpoint.updateMany({
    where: { merchantId, id, deletedAt: null },
    data: { status: 'disabled', disabledReason: 'merchant', disabledAt: at, deletedAt: at },
  });
  return count > 0;
}

/**
 * Deletes the merchant's endpoint and ends its waiting deliveries as failed, in one transaction.
 * Returns the endpoint as it is now, or null when it was not found or a concurrent delete got
 * there first (then nothing changed).
 */
export async function deleteEndpointAndFailDeliveries(db: Db, merchantId: string, id: string, at: Date): Promise<EndpointRow | null> {
  return db.$transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, merchantId, id);
    const deleted = await markEndpointDeleted(tx, merchantId, id, at);
    if (!endpoint || !deleted) return null;
    await failWaitingDeliveries(tx, id);
    return { ...endpoint, status: 'disabled', disabledReason: 'merchant', disabledAt: at, deletedAt: at };
  });
}
