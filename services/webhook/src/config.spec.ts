import { ConfigError } from '@vrp/config';
import { describe, expect, it } from 'vitest';
import { loadWebhookConfig } from './config.js';

describe('loadWebhookConfig', () => {
  it('uses the development key only outside production', () => {
    expect(loadWebhookConfig({}).usingDevSecretKey).toBe(true);
    expect(() => loadWebhookConfig({ VRP_ENV: 'production' })).toThrow(ConfigError);
    const key = 'ab'.repeat(32);
    expect(loadWebhookConfig({ VRP_ENV: 'production', WEBHOOK_SECRET_KEY: key }).usingDevSecretKey).toBe(false);
  });

  it('takes the SPEC schedule by default: 8 waits before attempts 2..9', () => {
    expect(loadWebhookConfig({}).retrySchedule).toHaveLength(8);
    expect(loadWebhookConfig({}).timeoutMs).toBe(10_000);
  });
});
