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
  deps: Pick<Deps, 'db' | 'sql' | 'config' | 'clock'>,
  input: CreateEndpointInput,
): Promise<{ endpoint: EndpointRow; secret: string }> {
  assertWebhookUrl(input.url, { env: deps.config.env, allowInsecureLoopback: deps.config.allowInsecureLoopback });
  if (input.description.length > MAX_DESCRIPTION) throw validationError('description', `must be at most ${MAX_DESCRIPTION} characters`);
  const enabledEvents = normaliseEnabledEvents(input.enabledEvents);
  const scheme = signatureScheme(input.signatureScheme);
  const now = deps.clock(input.merchantId);
  const id = newId('webhookEndpoint', now.getTime());
  const secret = newSigningSecret();
  const endpoint = await insertEndpoint(deps.db, deps.sql, {
    id,
    merchantId: input.merchantId,
    url: input.url,
    description: input.description,
    enabledEvents,
    signatureScheme: scheme,
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
