import { ConfigError } from '@vrp/config';
import { describe, expect, it } from 'vitest';
import { DEV_SECRET_KEY, loadWebhookConfig } from './config.js';

describe('loadWebhookConfig', () => {
  it('uses the development key only outside production', () => {
    expect(loadWebhookConfig({}).usingDevSecretKey).toBe(true);
    expect(() => loadWebhookConfig({ VRP_ENV: 'production' })).toThrow(ConfigError);
    const key = 'ab'.repeat(32);
    expect(loadWebhookConfig({ VRP_ENV: 'production', WEBHOOK_SECRET_KEY: key }).usingDevSecretKey).toBe(false);
  });

  it('refuses the published development key in production, however it is written', () => {
    for (const key of [DEV_SECRET_KEY, DEV_SECRET_KEY.toUpperCase(), Buffer.from(DEV_SECRET_KEY, 'hex').toString('base64')]) {
      expect(() => loadWebhookConfig({ VRP_ENV: 'production', WEBHOOK_SECRET_KEY: key })).toThrow(ConfigError);
      expect(() => loadWebhookConfig({ VRP_ENV: 'production', WEBHOOK_SECRET_KEY: key })).toThrow(
        /WEBHOOK_SECRET_KEY must not be the published development key/,
      );
      expect(loadWebhookConfig({ WEBHOOK_SECRET_KEY: key }).usingDevSecretKey).toBe(true);
    }
  });

  it('takes the SPEC schedule by default: 8 waits before attempts 2..9', () => {
    expect(loadWebhookConfig({}).retrySchedule).toHaveLength(8);
    expect(loadWebhookConfig({}).timeoutMs).toBe(10_000);
  });

  it('keeps up to 256 attempts in flight by default, at most 16 of them to one endpoint', () => {
    expect(loadWebhookConfig({}).concurrency).toBe(256);
    expect(loadWebhookConfig({}).maxInFlightPerEndpoint).toBe(16);
  });

  it('takes WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT from 1 to 256 and refuses anything else', () => {
    for (const n of [1, 3, 256]) {
      expect(loadWebhookConfig({ WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT: String(n) }).maxInFlightPerEndpoint).toBe(n);
    }
    for (const bad of ['0', '-1', '257', '2.5', 'lots']) {
      expect(() => loadWebhookConfig({ WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT: bad })).toThrow(ConfigError);
      expect(() => loadWebhookConfig({ WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT: bad })).toThrow(/WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT/);
    }
  });
});
