import type { JsonValue } from '@bufbuild/protobuf';
import type { common } from '@vrp/contracts';
import { SqlFilter, keysetPageSql, pageOf } from '@vrp/pagination';
import { rows, transaction, type Queryable, type SqlPool } from '@vrp/sql';
import { subscriptionsTaking } from '../domain/event-subscription.js';
import { failWaitingDeliveries } from './deliveries.js';
import { createdAtKeyset, type CreatedAtRange } from './keyset.js';

/** A stored endpoint (webhook.endpoints), as COLUMNS reads it: previous_secrets parsed. */
export interface EndpointRow {
  id: string;
  merchantId: string;
  url: string;
  description: string;
  enabledEvents: string[];
  status: string;
  createdAt: Date;
  disabledAt: Date | null;
  secretCiphertext: string;
  secretRotatedAt: Date;
  /** Replaced secrets still signing: [{"ciphertext", "valid_until"}], each live 24 h from its rotation. */
  previousSecrets: JsonValue;
  deletedAt: Date | null;
  disabledReason: string | null;
  failingSince: Date | null;
  signatureScheme: string;
  rateLimitPerSecond: number | null;
  rateNextAt: Date | null;
}

/** The columns of an endpoint row, for a row aliased `e`. */
const COLUMNS = `e.id, e.merchant_id AS "merchantId", e.url, e.description, e.enabled_events AS "enabledEvents", e.status,
  e.created_at AS "createdAt", e.disabled_at AS "disabledAt", e.secret_ciphertext AS "secretCiphertext",
  e.secret_rotated_at AS "secretRotatedAt", e.previous_secrets AS "previousSecrets", e.deleted_at AS "deletedAt",
  e.disabled_reason AS "disabledReason", e.failing_since AS "failingSince", e.signature_scheme AS "signatureScheme",
  e.rate_limit_per_second AS "rateLimitPerSecond", e.rate_next_at AS "rateNextAt"`;

/** Finds one endpoint of the merchant (another merchant's endpoint is simply not found). */
export async function findEndpoint(db: Queryable, merchantId: string, id: string): Promise<EndpointRow | null> {
  const [row] = await rows<EndpointRow>(
    db,
    `SELECT ${COLUMNS} FROM webhook.endpoints e WHERE e.merchant_id = $1 AND e.id = $2 AND e.deleted_at IS NULL`,
    [merchantId, id],
  );
  return row ?? null;
}

/** Endpoints of the merchant that receive `eventType` now: enabled, and subscribed (empty = all, or a matching wildcard). */
export function subscribedEndpoints(db: Queryable, merchantId: string, eventType: string): Promise<EndpointRow[]> {
  return rows<EndpointRow>(
    db,
    `SELECT ${COLUMNS} FROM webhook.endpoints e
      WHERE e.merchant_id = $1 AND e.status = 'enabled' AND e.deleted_at IS NULL
        AND (cardinality(e.enabled_events) = 0 OR e.enabled_events && $2::text[])
      ORDER BY e.id`,
    [merchantId, subscriptionsTaking(eventType)],
  );
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
export async function recordEndpointHealth(db: Queryable, endpointId: string, h: AttemptHealth): Promise<'gone' | 'failing' | null> {
  const failingBefore = new Date(h.at.getTime() - h.disableAfterMs);
  const [row] = await rows<{ disabled_reason: string | null }>(
    db,
    `WITH before AS (SELECT id, status FROM webhook.endpoints WHERE id = $1 AND deleted_at IS NULL FOR UPDATE),
     verdict AS (
       SELECT e.id,
              CASE WHEN $2::boolean OR b.status <> 'enabled' THEN NULL
                   WHEN $3::boolean THEN 'gone'
                   WHEN COALESCE(e.failing_since, $4::timestamptz) <= $5::timestamptz THEN 'failing' END AS reason
         FROM webhook.endpoints e JOIN before b ON b.id = e.id
     )
     UPDATE webhook.endpoints e
        SET failing_since = CASE WHEN $2::boolean THEN NULL ELSE COALESCE(e.failing_since, $4::timestamptz) END,
            status = CASE WHEN v.reason IS NULL THEN e.status ELSE 'disabled' END,
            disabled_reason = COALESCE(v.reason, e.disabled_reason),
            disabled_at = CASE WHEN v.reason IS NULL THEN e.disabled_at ELSE $4::timestamptz END
       FROM verdict v WHERE v.id = e.id
     RETURNING v.reason AS disabled_reason`,
    [endpointId, h.success, h.gone, h.at, failingBefore],
  );
  const reason = row?.disabled_reason;
  return reason === 'gone' || reason === 'failing' ? reason : null;
}

/**
 * Replaces the endpoint's secret in one statement: the current secret joins the replaced ones
 * that still sign (valid until `overlapUntil`), expired ones are dropped. One statement, so
 * concurrent rotations serialise on the row and no live secret is lost.
 */
export async function rotateSecret(
  db: Queryable,
  merchantId: string,
  id: string,
  sealed: string,
  at: Date,
  overlapUntil: Date,
): Promise<EndpointRow | null> {
  const { rowCount } = await db.query(
    `UPDATE webhook.endpoints
        SET previous_secrets = COALESCE(
              (SELECT jsonb_agg(p) FROM jsonb_array_elements(previous_secrets) p WHERE (p->>'valid_until')::timestamptz > $1::timestamptz),
              '[]'::jsonb) || jsonb_build_array(jsonb_build_object('ciphertext', secret_ciphertext, 'valid_until', to_jsonb($2::timestamptz))),
            secret_ciphertext = $3,
            secret_rotated_at = $1::timestamptz
      WHERE merchant_id = $4 AND id = $5 AND deleted_at IS NULL`,
    [at, overlapUntil, sealed, merchantId, id],
  );
  return rowCount === 1 ? findEndpoint(db, merchantId, id) : null;
}

/** One keyset page of the merchant's endpoints (deleted ones never), in one statement. */
export async function queryEndpoints(
  db: Queryable,
  merchantId: string,
  range: CreatedAtRange,
  page: common.PageRequest | undefined,
): Promise<{ items: EndpointRow[]; hasMore: boolean }> {
  const query = createdAtKeyset(page, 'e');
  const filter = new SqlFilter().add((v) => `e.merchant_id = ${v} AND e.deleted_at IS NULL`, merchantId);
  if (range.gte) filter.add((v) => `e.created_at >= ${v}`, range.gte);
  if (range.lte) filter.add((v) => `e.created_at <= ${v}`, range.lte);
  const found = await rows<EndpointRow>(db, keysetPageSql(`SELECT ${COLUMNS} FROM webhook.endpoints e`, filter, query), filter.values);
  return pageOf(found, query);
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
export async function insertEndpoint(db: Queryable, e: NewEndpoint): Promise<EndpointRow | null> {
  try {
    await db.query(
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
  db: Queryable,
  merchantId: string,
  id: string,
  settings: { url?: string; description?: string; enabledEvents?: string[]; rateLimitPerSecond?: number | null },
): Promise<boolean> {
  // A setting not given keeps its value (url, description and enabled_events are never null).
  const { rowCount } = await db.query(
    `UPDATE webhook.endpoints
        SET url = COALESCE($3, url), description = COALESCE($4, description), enabled_events = COALESCE($5::text[], enabled_events),
            rate_limit_per_second = CASE WHEN $6::boolean THEN $7::int ELSE rate_limit_per_second END
      WHERE merchant_id = $1 AND id = $2 AND deleted_at IS NULL`,
    [
      merchantId,
      id,
      settings.url ?? null,
      settings.description ?? null,
      settings.enabledEvents ?? null,
      settings.rateLimitPerSecond !== undefined,
      settings.rateLimitPerSecond ?? null,
    ],
  );
  return rowCount === 1;
}

/** Enables a disabled endpoint again with a fresh run of failures, whatever disabled it; true when it was disabled. */
export async function enableEndpoint(db: Queryable, merchantId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE webhook.endpoints SET status = 'enabled', disabled_reason = NULL, disabled_at = NULL, failing_since = NULL
      WHERE merchant_id = $1 AND id = $2 AND deleted_at IS NULL AND status = 'disabled'`,
    [merchantId, id],
  );
  return (rowCount ?? 0) > 0;
}

/** Disables an enabled endpoint for the merchant (one disabled for another reason keeps it); true when this disabled it. */
export async function disableEndpoint(db: Queryable, merchantId: string, id: string, at: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE webhook.endpoints SET status = 'disabled', disabled_reason = 'merchant', disabled_at = $3
      WHERE merchant_id = $1 AND id = $2 AND deleted_at IS NULL AND status = 'enabled'`,
    [merchantId, id, at],
  );
  return (rowCount ?? 0) > 0;
}

/** Marks the endpoint deleted (and disabled by the merchant); false when it was gone already. */
export async function markEndpointDeleted(db: Queryable, merchantId: string, id: string, at: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE webhook.endpoints SET status = 'disabled', disabled_reason = 'merchant', disabled_at = $3, deleted_at = $3
      WHERE merchant_id = $1 AND id = $2 AND deleted_at IS NULL`,
    [merchantId, id, at],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Deletes the merchant's endpoint and ends its waiting deliveries as failed, in one transaction.
 * Returns the endpoint as it is now, or null when it was not found or a concurrent delete got
 * there first (then nothing changed).
 */
export async function deleteEndpointAndFailDeliveries(
  pool: SqlPool,
  merchantId: string,
  id: string,
  at: Date,
): Promise<EndpointRow | null> {
  return transaction(pool, async (tx) => {
    const endpoint = await findEndpoint(tx, merchantId, id);
    const deleted = await markEndpointDeleted(tx, merchantId, id, at);
    if (!endpoint || !deleted) return null;
    await failWaitingDeliveries(tx, id);
    return { ...endpoint, status: 'disabled', disabledReason: 'merchant', disabledAt: at, deletedAt: at };
  });
}
