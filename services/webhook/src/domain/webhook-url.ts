import type { VrpEnv } from '@vrp/config';
import { ApiError } from '@vrp/errors';

/** The URL rules of one deployment (docs/webhooks.md). */
export interface UrlPolicy {
  env: VrpEnv;
  /** WEBHOOK_ALLOW_INSECURE_LOOPBACK: local development may use 127.0.0.1/localhost. */
  allowInsecureLoopback: boolean;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** True when the URL may receive deliveries in this deployment (create and fan-out use it). */
export function isDeliverableUrl(raw: string, policy: UrlPolicy): boolean {
  // The URL parser silently drops surrounding white space, tabs and newlines: a URL holding any
  // is not the URL it would be delivered to.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\s\u0000-\u001f\u007f]/.test(raw)) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (policy.allowInsecureLoopback && (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname))
    return true;
  if (url.protocol !== 'https:' || !url.hostname) return false;
  // The sandbox rule is about the text of the URL: it must start with https://sandbox.
  return policy.env !== 'sandbox' || raw.startsWith('https://sandbox');
}

/** Throws 422 invalid_webhook_url unless the URL satisfies the deployment's rules. */
export function assertWebhookUrl(raw: string, policy: UrlPolicy): void {
  if (raw.length > 2048 || !isDeliverableUrl(raw, policy)) {
    const rule = policy.env === 'sandbox' ? "an https:// URL starting with 'https://sandbox'" : 'an https:// URL';
    throw new ApiError('invalid_webhook_url', `The webhook URL must be ${rule}.`, { param: 'url' });
  }
}
