import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  computeSignature,
  signatureHeader,
  verifyWebhook,
  WebhookVerificationError,
  type VerifyWebhookOptions,
  type WebhookVerificationReason,
} from './index.js';

const NEW = 'whsec_new_2f8b0c';
const OLD = 'whsec_old_9a1d44';
const NOW = 1_700_000_000;
const BODY = JSON.stringify({ event_id: 'EV01', event_type: 'payment.settled', created_at: '2023-11-14T22:13:20Z', data: {} });

const signed = (secrets: string[], timestamp = NOW, body: string | Uint8Array = BODY) => signatureHeader({ secrets, timestamp, body });

function reasonOf(opts: Partial<VerifyWebhookOptions>): WebhookVerificationReason | 'accepted' {
  try {
    verifyWebhook({ body: BODY, header: signed([NEW]), secrets: NEW, now: NOW, ...opts });
    return 'accepted';
  } catch (err) {
    if (!(err instanceof WebhookVerificationError)) throw err;
    return err.reason;
  }
}

describe('verifyWebhook', () => {
  it('accepts what signatureHeader signed and returns the timestamp', () => {
    expect(verifyWebhook({ body: BODY, header: signed([NEW]), secrets: NEW, now: NOW })).toEqual({ timestamp: NOW });
    expect(verifyWebhook({ body: Buffer.from(BODY), header: signed([NEW]), secrets: [NEW], now: NOW })).toEqual({
      timestamp: NOW,
    });
  });

  it('accepts a header built independently with only node:crypto', () => {
    const hex = createHmac('sha256', NEW).update(`${NOW}.${BODY}`, 'utf8').digest('hex');
    expect(reasonOf({ header: `t=${NOW},v1=${hex}` })).toBe('accepted');
  });

  it('uses the system clock when now is omitted', () => {
    const t = Math.floor(Date.now() / 1000);
    expect(verifyWebhook({ body: BODY, header: signed([NEW], t), secrets: NEW })).toEqual({ timestamp: t });
  });

  describe('secret rotation', () => {
    const header = signed([NEW, OLD]);
    it('accepts when the receiver knows only the new secret', () => {
      expect(reasonOf({ header, secrets: NEW })).toBe('accepted');
    });
    it('accepts when the receiver knows only the old secret', () => {
      expect(reasonOf({ header, secrets: [OLD] })).toBe('accepted');
    });
    it('accepts when the receiver holds both, in either order', () => {
      expect(reasonOf({ header, secrets: [OLD, NEW] })).toBe('accepted');
      expect(reasonOf({ header: signed([OLD]), secrets: [NEW, OLD] })).toBe('accepted');
    });
    it('rejects when the receiver knows neither', () => {
      expect(reasonOf({ header, secrets: ['whsec_other', 'whsec_another'] })).toBe('signature_mismatch');
    });
  });

  it('rejects a tampered body', () => {
    expect(reasonOf({ body: BODY.replace('payment.settled', 'payment.failed') })).toBe('signature_mismatch');
    expect(reasonOf({ body: `${BODY} ` })).toBe('signature_mismatch');
  });

  it('rejects a tampered timestamp, even within the tolerance', () => {
    const sig = computeSignature(NEW, NOW, BODY);
    expect(reasonOf({ header: `t=${NOW + 1},v1=${sig}` })).toBe('signature_mismatch');
    expect(reasonOf({ header: `t=${NOW - 400},v1=${sig}` })).toBe('signature_mismatch');
  });

  it('rejects the wrong secret', () => {
    expect(reasonOf({ secrets: 'whsec_wrong' })).toBe('signature_mismatch');
    expect(reasonOf({ secrets: NEW.slice('whsec_'.length) })).toBe('signature_mismatch');
  });

  it('accepts exactly the tolerance in either direction', () => {
    expect(reasonOf({ header: signed([NEW], NOW - 300) })).toBe('accepted');
    expect(reasonOf({ header: signed([NEW], NOW + 300) })).toBe('accepted');
  });

  it('rejects a timestamp 301 seconds old as timestamp_too_old', () => {
    expect(reasonOf({ header: signed([NEW], NOW - 301) })).toBe('timestamp_too_old');
  });

  it('rejects a timestamp more than the tolerance ahead as timestamp_in_future', () => {
    expect(reasonOf({ header: signed([NEW], NOW + 301) })).toBe('timestamp_in_future');
  });

  it('honours a custom tolerance', () => {
    expect(reasonOf({ header: signed([NEW], NOW - 31), toleranceSeconds: 30 })).toBe('timestamp_too_old');
    expect(reasonOf({ header: signed([NEW], NOW - 3600), toleranceSeconds: 3600 })).toBe('accepted');
  });

  it('checks the signature before the timestamp, so forgers learn nothing about the clock', () => {
    expect(reasonOf({ header: `t=${NOW - 10_000},v1=${'0'.repeat(64)}` })).toBe('signature_mismatch');
  });

  it('rejects a missing header', () => {
    expect(reasonOf({ header: undefined })).toBe('missing_header');
    expect(reasonOf({ header: '' })).toBe('missing_header');
    expect(reasonOf({ header: '   ' })).toBe('missing_header');
  });

  it('rejects malformed headers', () => {
    expect(reasonOf({ header: 'garbage' })).toBe('malformed_header');
    expect(reasonOf({ header: `v1=${computeSignature(NEW, NOW, BODY)}` })).toBe('malformed_header');
    expect(reasonOf({ header: `t=${NOW}` })).toBe('malformed_header');
    expect(reasonOf({ header: `t=${NOW},v1=not-hex` })).toBe('malformed_header');
  });

  it('rejects signatures of the wrong length as a mismatch, never a RangeError', () => {
    const sig = computeSignature(NEW, NOW, BODY);
    for (const candidate of ['ab', sig.slice(0, 63), sig.slice(0, 62), `${sig}00`, `${sig}${sig}`]) {
      expect(reasonOf({ header: `t=${NOW},v1=${candidate}` })).toBe('signature_mismatch');
    }
    // a short signature next to a valid one does not stop the valid one from matching
    expect(reasonOf({ header: `t=${NOW},v1=ab,v1=${sig}` })).toBe('accepted');
  });

  it('treats configuration mistakes as TypeErrors, not verification failures', () => {
    expect(() => verifyWebhook({ body: BODY, header: signed([NEW]), secrets: [], now: NOW })).toThrow(TypeError);
    expect(() => verifyWebhook({ body: BODY, header: signed([NEW]), secrets: '', now: NOW })).toThrow(TypeError);
    expect(() => verifyWebhook({ body: BODY, header: signed([NEW]), secrets: NEW, now: NOW, toleranceSeconds: -1 })).toThrow(TypeError);
  });

  it('gives every error a stable name and a message without secrets', () => {
    try {
      verifyWebhook({ body: BODY, header: signed([NEW]), secrets: OLD, now: NOW });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).name).toBe('WebhookVerificationError');
      expect((err as Error).message).not.toContain(OLD);
      expect((err as Error).message).not.toContain(computeSignature(OLD, NOW, BODY));
    }
  });
});
