import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { WebhookVerificationError } from './errors.js';
import { standardWebhookHeaders, verifyStandardWebhook } from './standard-webhooks.js';

const secret = () => `whsec_${randomBytes(32).toString('base64')}`;
const body = '{"event_id":"EV1","event_type":"payment.settled","created_at":"2026-03-01T09:00:00.000Z","data":{}}';
const now = 1_772_355_600;

describe('Standard Webhooks signatures', () => {
  it('are verified by the reference library, with either secret during a rotation', () => {
    const [current, previous] = [secret(), secret()];
    const headers = standardWebhookHeaders({ secrets: [current, previous], id: 'EV1', timestamp: Math.floor(Date.now() / 1000), body });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const s of [current, previous]) expect(new Webhook(s).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret()).verify(body, headers)).toThrow();
  });

  it('verifies what the reference library signs, and refuses tampering and stale timestamps', () => {
    const s = secret();
    const signature = new Webhook(s).sign('msg_1', new Date(now * 1000), body);
    const ok = { body, id: 'msg_1', timestamp: String(now), signature, secrets: [secret(), s], now };
    expect(verifyStandardWebhook(ok)).toEqual({ id: 'msg_1', timestamp: now });
    const reason = (o: Partial<typeof ok>) => {
      try {
        verifyStandardWebhook({ ...ok, ...o });
      } catch (err) {
        return (err as WebhookVerificationError).reason;
      }
      return 'accepted';
    };
    expect(reason({ body: body.replace('EV1', 'EV2') })).toBe('signature_mismatch');
    expect(reason({ id: 'msg_2' })).toBe('signature_mismatch');
    expect(reason({ now: now + 301 })).toBe('timestamp_too_old');
    expect(reason({ now: now - 301 })).toBe('timestamp_in_future');
    expect(reason({ signature: undefined })).toBe('missing_header');
    expect(reason({ signature: 'v2,abc' })).toBe('malformed_header');
  });

  it('refuses a secret that is not whsec_ and standard base64', () => {
    expect(() => standardWebhookHeaders({ secrets: ['whsec_a-b_'], id: 'x', timestamp: now, body })).toThrow(TypeError);
  });
});
