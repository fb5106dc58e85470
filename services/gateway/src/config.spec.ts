import { ConfigError } from '@vrp/config';
import { describe, expect, it } from 'vitest';
import { DEV_CURSOR_SECRET, loadDeveloperSettings, loadGatewayConfig } from './config.js';

/** A production database URL, with the password production requires. */
const DATABASE_URL = 'postgresql://vrp:s3cret@db.internal:5432/vrp_production';

describe('loadGatewayConfig', () => {
  it('runs the sandbox on the development cursor secret out of the box', () => {
    expect(loadGatewayConfig({}).cursorSecret).toBe(DEV_CURSOR_SECRET);
  });

  it('refuses production on the development or a short cursor secret', () => {
    for (const secret of [undefined, DEV_CURSOR_SECRET, 'short']) {
      const env = { VRP_ENV: 'production', DATABASE_URL, ...(secret ? { CURSOR_SECRET: secret } : {}) };
      expect(() => loadGatewayConfig(env)).toThrow(ConfigError);
    }
    expect(loadGatewayConfig({ VRP_ENV: 'production', DATABASE_URL, CURSOR_SECRET: 'x'.repeat(32) }).env).toBe('production');
  });

  it('applies the environment rate-limit defaults', () => {
    expect(loadGatewayConfig({}).rateLimitRps).toBe(25);
    expect(loadGatewayConfig({ VRP_ENV: 'production', DATABASE_URL, CURSOR_SECRET: 'x'.repeat(32) }).rateLimitRps).toBe(100);
  });
});

describe('loadDeveloperSettings', () => {
  it('takes VRP_API_URL and VRP_API_KEY, else the local gateway on GATEWAY_PORT and no key', () => {
    expect(loadDeveloperSettings({ VRP_API_URL: 'https://api.example', VRP_API_KEY: 'vrp_sandbox_x' })).toEqual({
      apiUrl: 'https://api.example',
      apiKey: 'vrp_sandbox_x',
    });
    expect(loadDeveloperSettings({ GATEWAY_PORT: '9090' })).toEqual({ apiUrl: 'http://127.0.0.1:9090' });
    expect(loadDeveloperSettings({})).toEqual({ apiUrl: 'http://127.0.0.1:8080' });
  });
});
