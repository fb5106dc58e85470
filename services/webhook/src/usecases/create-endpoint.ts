import { ApiError, validationError } from '@vrp/errors';
import { newId } from '@vrp/ids';
import { SIGNATURE_SCHEMES, newSigningSecret, sealSecret, type SignatureScheme } from '../domain/signing-secret.js';
import { normaliseEnabledEvents } from '../domain/event-subscription.js';
import { assertWebhookUrl } from '../domain/webhook-url.js';
import { MAX_ENDPOINTS_PER_MERCHANT, insertEndpoint, type EndpointRow } from '../db/endpoints.js';
import type { Deps } from '../deps.js';

export interface CreateEndpointInput {
  merchantId: string;
  url: string;
  description: string;
  enabledEvents: string[];
  /** vrp when empty. */
  signatureScheme?: string;
  /** Deliveries a second at most (1..1000); 0 or absent for none. */
  rateLimitPerSecond?: number;
}

/** The most deliveries a second a throttle may allow. */
export const MAX_RATE_LIMIT_PER_SECOND = 1000;

/** A throttle as asked: null for none (0), otherwise 1..1000 or a validation_error. */
export function rateLimit(perSecond: number | undefined): number | null {
  if (!perSecond) return null;
  if (!Number.isInteger(perSecond) || perSecond < 1 || perSecond > MAX_RATE_LIMIT_PER_SECOND)
    throw validationError('rate_limit[per_second]', `must be an integer from 1 to ${MAX_RATE_LIMIT_PER_SECOND}`);
  return perSecond;
}

/** The scheme asked for: vrp by default; anything unknown is a validation_error. */
export function signatureScheme(scheme: string | undefined): SignatureScheme {
  if (!scheme) return 'vrp';
  if (!(SIGNATURE_SCHEMES as readonly string[]).includes(scheme))
    throw validationError('signature_scheme', `must be one of ${SIGNATURE_SCHEMES.join(', ')}`);
  return scheme as SignatureScheme;
}

export const MAX_DESCRIPTION = 500;

/**
 * Registers an endpoint with a fresh signing secret. The secret is stored only sealed and is
 * returned here (and on rotation) and never again. A merchant has at most 16 live endpoints (so
 * one event fans out to at most 16 deliveries): the 17th is 422 too_many_endpoints.
 */
export async function createEndpoint(
  deps: Pick<Deps, 'sql' | 'config' | 'clocks'>,
  input: CreateEndpointInput,
): Promise<{ endpoint: EndpointRow; secret: string }> {
  assertWebhookUrl(input.url, { env: deps.config.env, allowInsecureLoopback: deps.config.allowInsecureLoopback });
  if (input.description.length > MAX_DESCRIPTION) throw validationError('description', `must be at most ${MAX_DESCRIPTION} characters`);
  const enabledEvents = normaliseEnabledEvents(input.enabledEvents);
  const scheme = signatureScheme(input.signatureScheme);
  const ratePerSecond = rateLimit(input.rateLimitPerSecond);
  const now = deps.clocks.now(input.merchantId);
  const id = newId('webhookEndpoint', now.getTime());
  const secret = newSigningSecret();
  const endpoint = await insertEndpoint(deps.sql, {
    id,
    merchantId: input.merchantId,
    url: input.url,
    description: input.description,
    enabledEvents,
    signatureScheme: scheme,
    rateLimitPerSecond: ratePerSecond,
    secretCiphertext: sealSecret(deps.config.secretKeys, id, secret),
    at: now,
  });
  if (!endpoint) {
    throw new ApiError(
      'too_many_endpoints',
      `A merchant can have at most ${MAX_ENDPOINTS_PER_MERCHANT} webhook endpoints; delete one before adding another.`,
    );
  }
  return { endpoint, secret };
}
