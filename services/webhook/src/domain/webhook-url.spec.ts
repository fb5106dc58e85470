import { describe, expect, it } from 'vitest';
import { assertWebhookUrl, isDeliverableUrl } from './webhook-url.js';

const production = { env: 'production' as const, allowInsecureLoopback: false };
const sandbox = { env: 'sandbox' as const, allowInsecureLoopback: false };

describe('webhook URL rules', () => {
  it('requires https in production', () => {
    expect(isDeliverableUrl('https://example.com/hooks', production)).toBe(true);
    expect(isDeliverableUrl('http://example.com/hooks', production)).toBe(false);
    expect(isDeliverableUrl('ftp://example.com', production)).toBe(false);
    expect(isDeliverableUrl('not a url', production)).toBe(false);
    expect(isDeliverableUrl('https://user:pw@example.com', production)).toBe(false);
  });

  it('requires the https://sandbox prefix in sandbox', () => {
    expect(isDeliverableUrl('https://sandbox.example.com/hooks', sandbox)).toBe(true);
    expect(isDeliverableUrl('https://example.com/hooks', sandbox)).toBe(false);
    expect(isDeliverableUrl('http://sandbox.example.com', sandbox)).toBe(false);
  });

  it('accepts loopback over http or https in either environment only with the flag', () => {
    for (const env of ['sandbox', 'production'] as const) {
      expect(isDeliverableUrl('http://127.0.0.1:3000/x', { env, allowInsecureLoopback: false })).toBe(false);
      expect(isDeliverableUrl('http://127.0.0.1:3000/x', { env, allowInsecureLoopback: true })).toBe(true);
      expect(isDeliverableUrl('http://localhost/x', { env, allowInsecureLoopback: true })).toBe(true);
      expect(isDeliverableUrl('https://127.0.0.1:8443/x', { env, allowInsecureLoopback: true })).toBe(true);
      expect(isDeliverableUrl('http://10.0.0.1/x', { env, allowInsecureLoopback: true })).toBe(false);
    }
  });

  it('refuses white space and control characters the URL parser would silently drop', () => {
    for (const raw of [
      'https://sandbox.example.com/hooks\n',
      ' https://sandbox.example.com/hooks',
      'https://sandbox.example.com/ho\toks',
      'https://sandbox.example.com/\u007f',
    ]) {
      expect(isDeliverableUrl(raw, sandbox), JSON.stringify(raw)).toBe(false);
    }
  });

  it('answers invalid_webhook_url with the param', () => {
    expect(() => assertWebhookUrl('http://example.com', production)).toThrow(
      expect.objectContaining({ code: 'invalid_webhook_url', param: 'url' }),
    );
  });
});
