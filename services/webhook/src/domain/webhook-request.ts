import { signatureHeader, standardWebhookHeaders } from '@vrp/webhook-verify';

/** What goes on the wire for one attempt. */
export interface WebhookRequest {
  body: string;
  headers: Record<string, string>;
}

/** The body `{event_id, event_type, created_at, data}` in that key order, with the stored data JSON embedded byte-for-byte. */
export function webhookBody(input: { eventId: string; eventType: string; createdAt: Date; data: string }): string {
  return `{"event_id":${JSON.stringify(input.eventId)},"event_type":${JSON.stringify(input.eventType)},"created_at":${JSON.stringify(input.createdAt.toISOString())},"data":${input.data}}`;
}

/**
 * The body (see webhookBody) and the headers of docs/webhooks.md, signed by every live secret in the
 * endpoint's scheme: `vrp` sends `X-SVC-Signature` (one v1= per secret) and `X-SVC-Event-Id`;
 * `standard_webhooks` sends `webhook-id` (the event id, the same on every attempt),
 * `webhook-timestamp` and `webhook-signature` (one `v1,` per secret) instead. Both carry the
 * event type, the attempt number and the sandbox flag.
 */
export function buildWebhookRequest(input: {
  eventId: string;
  eventType: string;
  createdAt: Date;
  data: string;
  attempt: number;
  scheme: string;
  secrets: string[];
  sandbox: boolean;
  now: Date;
}): WebhookRequest {
  const body = webhookBody(input);
  const timestamp = Math.floor(input.now.getTime() / 1000);
  const signed: Record<string, string> =
    input.scheme === 'standard_webhooks'
      ? standardWebhookHeaders({ secrets: input.secrets, id: input.eventId, timestamp, body })
      : { 'X-SVC-Signature': signatureHeader({ secrets: input.secrets, timestamp, body }), 'X-SVC-Event-Id': input.eventId };
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    ...signed,
    'X-SVC-Event-Type': input.eventType,
    'X-SVC-Delivery-Attempt': String(input.attempt),
  };
  if (input.sandbox) headers['X-SVC-Sandbox'] = 'true';
  return { body, headers };
}
