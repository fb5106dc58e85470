import { signatureHeader } from '@vrp/webhook-verify';

/** What goes on the wire for one attempt. */
export interface WebhookRequest {
  body: string;
  headers: Record<string, string>;
}

/** The body `{event_id, event_type, created_at, data}` in that key order, with the stored data JSON embedded byte-for-byte. */
export function webhookBody(input: { eventId: string; eventType: string; createdAt: Date; data: string }): string {
  return `{"event_id":${JSON.stringify(input.eventId)},"event_type":${JSON.stringify(input.eventType)},"created_at":${JSON.stringify(input.createdAt.toISOString())},"data":${input.data}}`;
}

/** The body (see webhookBody) and the headers of API.md: one v1 signature per live secret. */
export function buildWebhookRequest(input: {
  eventId: string;
  eventType: string;
  createdAt: Date;
  data: string;
  attempt: number;
  secrets: string[];
  sandbox: boolean;
  now: Date;
}): WebhookRequest {
  const body = webhookBody(input);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-SVC-Signature': signatureHeader({ secrets: input.secrets, timestamp: Math.floor(input.now.getTime() / 1000), body }),
    'X-SVC-Event-Id': input.eventId,
    'X-SVC-Event-Type': input.eventType,
    'X-SVC-Delivery-Attempt': String(input.attempt),
  };
  if (input.sandbox) headers['X-SVC-Sandbox'] = 'true';
  return { body, headers };
}
