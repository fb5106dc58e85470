import { notFound, validationError } from '@vrp/errors';
import { assertWebhookUrl } from '../domain/webhook-url.js';
import { findEndpoint, updateEndpointSettings, type EndpointRow } from '../db/endpoints.js';
import type { Deps } from '../deps.js';
import { normaliseEnabledEvents } from '../domain/event-subscription.js';
import { MAX_DESCRIPTION, rateLimit } from './create-endpoint.js';

export interface UpdateEndpointInput {
  merchantId: string;
  id: string;
  url?: string | undefined;
  description?: string | undefined;
  /** Replaces the subscription when given (empty = all events). */
  enabledEvents?: string[] | undefined;
  /** A new throttle (deliveries a second), or 0 to remove it. */
  rateLimitPerSecond?: number | undefined;
}

/**
 * Changes an endpoint's URL, description or subscription, checked like a new endpoint's. Each
 * delivery reads the endpoint when it is attempted, so the next attempt uses the new settings;
 * the signing secret is untouched.
 */
export async function updateEndpoint(deps: Pick<Deps, 'sql' | 'config'>, input: UpdateEndpointInput): Promise<EndpointRow> {
  if (
    input.url === undefined &&
    input.description === undefined &&
    input.enabledEvents === undefined &&
    input.rateLimitPerSecond === undefined
  )
    throw validationError('body', 'Send at least one of url, description, enabled_events, rate_limit');
  if (input.url !== undefined)
    assertWebhookUrl(input.url, { env: deps.config.env, allowInsecureLoopback: deps.config.allowInsecureLoopback });
  if (input.description !== undefined && input.description.length > MAX_DESCRIPTION)
    throw validationError('description', `must be at most ${MAX_DESCRIPTION} characters`);
  const enabledEvents = input.enabledEvents === undefined ? undefined : normaliseEnabledEvents(input.enabledEvents);
  const changed = await updateEndpointSettings(deps.sql, input.merchantId, input.id, {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(enabledEvents !== undefined ? { enabledEvents } : {}),
    ...(input.rateLimitPerSecond !== undefined ? { rateLimitPerSecond: rateLimit(input.rateLimitPerSecond) } : {}),
  });
  const endpoint = changed ? await findEndpoint(deps.sql, input.merchantId, input.id) : null;
  if (!endpoint) throw notFound('webhook endpoint', input.id);
  return endpoint;
}
