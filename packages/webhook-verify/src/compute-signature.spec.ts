import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeSignature } from './index.js';

const SECRET = 'whsec_test_0123456789abcdef';
const BODY = '{"event_id":"EV01","event_type":"payment.settled","created_at":"2025-01-01T00:00:00Z","data":{}}';

describe('computeSignature', () => {
  it('matches an HMAC-SHA256 computed independently with node:crypto', () => {
    const independent = createHmac('sha256', SECRET).update(`1700000000.${BODY}`).digest('hex');
    expect(computeSignature(SECRET, 1700000000, BODY)).toBe(independent);
    expect(independent).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keys with the secret string as given, whsec_ prefix included', () => {
    const withoutPrefix = createHmac('sha256', SECRET.slice('whsec_'.length)).update(`1.${BODY}`).digest('hex');
    expect(computeSignature(SECRET, 1, BODY)).not.toBe(withoutPrefix);
  });

  it('signs a Uint8Array body as its bytes, identical to the same UTF-8 string', () => {
    const body = '{"name":"Zoë €"}';
    expect(computeSignature(SECRET, 5, new TextEncoder().encode(body))).toBe(computeSignature(SECRET, 5, body));
    expect(computeSignature(SECRET, 5, Buffer.from(body))).toBe(computeSignature(SECRET, 5, body));
  });

  it('signs non-UTF-8 bytes without decoding them', () => {
    const bytes = Uint8Array.of(0xff, 0xfe, 0x00, 0x80);
    const independent = createHmac('sha256', SECRET).update('9.').update(bytes).digest('hex');
    expect(computeSignature(SECRET, 9, bytes)).toBe(independent);
  });

  it('rejects an empty secret and a timestamp that is not whole unix seconds', () => {
    expect(() => computeSignature('', 1, BODY)).toThrow(TypeError);
    expect(() => computeSignature(SECRET, 1.5, BODY)).toThrow(TypeError);
    expect(() => computeSignature(SECRET, -1, BODY)).toThrow(TypeError);
    expect(() => computeSignature(SECRET, Number.NaN, BODY)).toThrow(TypeError);
  });
});
