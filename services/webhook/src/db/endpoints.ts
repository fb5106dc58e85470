import type { common } from '@vrp/contracts';
import { SqlFilter, keysetPageSql, pageOf } from '@vrp/pagination';
import { rows, transaction, type Queryable, type SqlPool } from '@vrp/sql';
import { subscriptionsTaking } from '../domain/event-subscription.js';
import {
  disableEndpoint as disableEndpointQuery,
  enableEndpoint as enableEndpointQuery,
  findEndpoint as findEndpointQuery,
  insertEndpoint as insertEndpointQuery,
  markEndpointDeleted as markEndpointDeletedQuery,
  recordEndpointHealth as recordEndpointHealthQuery,
  rotateSecret as rotateSecretQuery,
  subscribedEndpoints as subscribedEndpointsQuery,
  updateEndpointSettings as updateEndpointSettingsQuery,
  type IFindEndpointResult,
} from '../generated/sql/endpoints.queries.js';
import { failWaitingDeliveries } from './deliveries.js';
import { createdAtKeyset, type CreatedAtRange } from './keyset.js';

/**
 * A stored endpoint (webhook.endpoints): the row every endpoint read of sql/endpoints.sql returns.
 * previous_secrets holds the replaced secrets still signing: [{"ciphertext", "valid_until"}], each
 * live 24 h from its rotation.
 */
export type EndpointRow = IFindEndpointResult;

/**
 * The columns of an endpoint row, for a row aliased `e`: the select list of the endpoint reads of
 * sql/endpoints.sql word for word (test/endpoint-columns.test.ts), so the list page built per
 * request reads rows of their generated type.
 */
export const ENDPOINT_COLUMNS = `e.id, e.merchant_id AS "merchantId", e.url, e.description, e.enabled_events AS "enabledEvents!", e.status,
  e.created_at AS "createdAt", e.disabled_at AS "disabledAt", e.secret_ciphertext AS "secretCiphertext",
  e.secret_rotated_at AS "secretRotatedAt", e.previous_secrets AS "previousSecrets", e.deleted_at AS "deletedAt",
  e.disabled_reason AS "disabledReason", e.failing_since AS "failingSince", e.signature_scheme AS "signatureScheme",
  e.rate_limit_per_second AS "rateLimitPerSecond", e.rate_next_at AS "rateNextAt"`;

/** ENDPOINT_COLUMNS without pgtyped's not-null marks (`"name!"`), which its runtime strips from the typed queries' rows. */
const PAGE_COLUMNS = ENDPOINT_COLUMNS.replaceAll('!"', '"');

/** Finds one endpoint of the merchant (another merchant's endpoint is simply not found). */
export async function findEndpoint(db: Queryable, merchantId: string, id: string): Promise<EndpointRow | null> {
  const [row] = await findEndpointQuery.run({ merchantId, id }, db);
  return row ?? null;
}

/** Endpoints of the merchant that receive `eventType` now: enabled, and subscribed (empty = all, or a matching wildcard). */
export function subscribedEndpoints(db: Queryable, merchantId: string, eventType: string): Promise<EndpointRow[]> {
  return subscribedEndpointsQuery.run({ merchantId, subscriptions: subscriptionsTaking(eventType) }, db);
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
  const [row] = await recordEndpointHealthQuery.run({ endpointId, success: h.success, gone: h.gone, at: h.at, failingBefore }, db);
  const reason = row?.disabledReason;
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
  const rotated = await rotateSecretQuery.run({ at, overlapUntil, sealed, merchantId, id }, db);
  return rotated.length === 1 ? findEndpoint(db, merchantId, id) : null;
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
  const found = await rows<EndpointRow>(db, keysetPageSql(`SELECT ${PAGE_COLUMNS} FROM webhook.endpoints e`, filter, query), filter.values);
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
    await insertEndpointQuery.run(
      {
        id: e.id,
        merchantId: e.merchantId,
        url: e.url,
        description: e.description,
        enabledEvents: e.enabledEvents,
        at: e.at,
        secretCiphertext: e.secretCiphertext,
        signatureScheme: e.signatureScheme,
        rateLimitPerSecond: e.rateLimitPerSecond,
      },
      db,
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
  const updated = await updateEndpointSettingsQuery.run(
    {
      merchantId,
      id,
      url: settings.url ?? null,
      description: settings.description ?? null,
      enabledEvents: settings.enabledEvents ?? null,
      setRateLimit: settings.rateLimitPerSecond !== undefined,
      rateLimitPerSecond: settings.rateLimitPerSecond ?? null,
    },
    db,
  );
  return updated.length === 1;
}

/** Enables a disabled endpoint again with a fresh run of failures, whatever disabled it; true when it was disabled. */
export async function enableEndpoint(db: Queryable, merchantId: string, id: string): Promise<boolean> {
  return (await enableEndpointQuery.run({ merchantId, id }, db)).length > 0;
}

/** Disables an enabled endpoint for the merchant (one disabled for another reason keeps it); true when this disabled it. */
export async function disableEndpoint(db: Queryable, merchantId: string, id: string, at: Date): Promise<boolean> {
  return (await disableEndpointQuery.run({ merchantId, id, at }, db)).length > 0;
}

/** Marks the endpoint deleted (and disabled by the merchant); false when it was gone already. */
export async function markEndpointDeleted(db: Queryable, merchantId: string, id: string, at: Date): Promise<boolean> {
  return (await markEndpointDeletedQuery.run({ merchantId, id, at }, db)).length > 0;
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
