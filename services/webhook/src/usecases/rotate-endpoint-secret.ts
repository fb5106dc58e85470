import { notFound } from '@vrp/errors';
import { ROTATION_OVERLAP_MS, newSigningSecret, sealSecret } from '../domain/signing-secret.js';
import { rotateSecret, type EndpointRow } from '../db/endpoints.js';
import type { Deps } from '../deps.js';

/**
 * Issues a new signing secret. The replaced one keeps signing beside it for 24 h so receivers
 * can switch over without dropping deliveries; `secret_expires_at` moves to 90 days from now.
 */
export async function rotateEndpointSecret(
  deps: Pick<Deps, 'sql' | 'config' | 'clocks'>,
  merchantId: string,
  id: string,
): Promise<{ endpoint: EndpointRow; secret: string }> {
  const now = deps.clocks.now(merchantId);
  const secret = newSigningSecret();
  const sealed = sealSecret(deps.config.secretKeys, id, secret);
  const endpoint = await rotateSecret(deps.sql, merchantId, id, sealed, now, new Date(now.getTime() + ROTATION_OVERLAP_MS));
  if (!endpoint) throw notFound('webhook endpoint', id);
  return { endpoint, secret };
}
