import { describe, expect, it, vi } from 'vitest';
import { expressVerifier, signatureHeader, type WebhookRequest } from './index.js';

const SECRET = 'whsec_unit';
const EVENT = { event_id: 'EV01', event_type: 'payment.settled', created_at: '2025-01-01T00:00:00Z', data: { id: 'PM1' } };
const BODY = JSON.stringify(EVENT);

function run(verifier: ReturnType<typeof expressVerifier>, req: WebhookRequest) {
  const json = vi.fn();
  const status = vi.fn(() => ({ json }));
  const next = vi.fn();
  verifier(req, { status }, next);
  return { status, json, next };
}

const now = () => Math.floor(Date.now() / 1000);
const header = (secrets = [SECRET], body = BODY) => signatureHeader({ secrets, timestamp: now(), body });

describe('expressVerifier', () => {
  it('sets req.webhookEvent from a raw Buffer body and calls next()', () => {
    const req: WebhookRequest = { headers: { 'x-svc-signature': header() }, body: Buffer.from(BODY) };
    const { status, next } = run(expressVerifier({ secrets: SECRET }), req);
    expect(status).not.toHaveBeenCalled();
    expect(next).toHaveBeenCalledWith();
    expect(req.webhookEvent).toEqual(EVENT);
  });

  it('accepts a string body too', () => {
    const req: WebhookRequest = { headers: { 'x-svc-signature': header() }, body: BODY };
    expect(run(expressVerifier({ secrets: [SECRET] }), req).next).toHaveBeenCalledWith();
  });

  it('answers 400 with the reason and does not call next()', () => {
    const cases: Array<[WebhookRequest['headers'], string]> = [
      [{}, 'missing_header'],
      [{ 'x-svc-signature': 'nonsense' }, 'malformed_header'],
      [{ 'x-svc-signature': header(['whsec_other']) }, 'signature_mismatch'],
      [{ 'x-svc-signature': signatureHeader({ secrets: [SECRET], timestamp: now() - 301, body: BODY }) }, 'timestamp_too_old'],
    ];
    for (const [headers, reason] of cases) {
      const req: WebhookRequest = { headers, body: Buffer.from(BODY) };
      const { status, json, next } = run(expressVerifier({ secrets: SECRET }), req);
      expect(status).toHaveBeenCalledWith(400);
      expect(json).toHaveBeenCalledWith({ error: reason });
      expect(next).not.toHaveBeenCalled();
      expect(req.webhookEvent).toBeUndefined();
    }
  });

  it('reads a secrets function on every request, so a rotation needs no restart', () => {
    let live = ['whsec_old'];
    const verifier = expressVerifier({ secrets: () => live });
    const signedWithNew = { headers: { 'x-svc-signature': header(['whsec_new']) }, body: BODY };
    expect(run(verifier, { ...signedWithNew }).status).toHaveBeenCalledWith(400);
    live = ['whsec_new', 'whsec_old'];
    expect(run(verifier, { ...signedWithNew }).next).toHaveBeenCalledWith();
  });

  it('passes toleranceSeconds through', () => {
    const old = signatureHeader({ secrets: [SECRET], timestamp: now() - 120, body: BODY });
    const { json } = run(expressVerifier({ secrets: SECRET, toleranceSeconds: 60 }), {
      headers: { 'x-svc-signature': old },
      body: BODY,
    });
    expect(json).toHaveBeenCalledWith({ error: 'timestamp_too_old' });
  });

  it('answers 400 invalid_json for a correctly signed body that is not JSON', () => {
    const { json } = run(expressVerifier({ secrets: SECRET }), {
      headers: { 'x-svc-signature': header([SECRET], 'not json') },
      body: 'not json',
    });
    expect(json).toHaveBeenCalledWith({ error: 'invalid_json' });
  });

  it('fails loudly (next(err), a 500 the platform retries) when the body was already parsed', () => {
    const { status, next } = run(expressVerifier({ secrets: SECRET }), {
      headers: { 'x-svc-signature': header() },
      body: EVENT,
    });
    expect(status).not.toHaveBeenCalled();
    expect(next.mock.calls[0]?.[0]).toBeInstanceOf(TypeError);
    expect(String(next.mock.calls[0]?.[0])).toContain('express.raw');
  });
});
