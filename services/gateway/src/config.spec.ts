import { ConfigError } from '@vrp/config';
import { describe, expect, it } from 'vitest';
import { DEV_CURSOR_SECRET, DEV_SEALING_KEYS, loadDeveloperSettings, loadGatewayConfig } from './config.js';

/** Production settings that pass: private, random values. */
const PRODUCTION = {
  VRP_ENV: 'production',
  DATABASE_URL: 'postgresql://vrp:s3cret@db.internal:5432/vrp_production',
  CURSOR_SECRET: '3f9c1e0a7b5d42c8a1e6f0b9d3c7a5e2',
  IDEMPOTENCY_SEALING_KEYS: 'k1:9e1f3a5c7b2d4e6f8a0b1c3d5e7f9a2b4c6d8e0f1a3b5c7d9e2f4a6b8c0d1e3f',
  PUBLIC_BASE_URL: 'https://pay.platform.example',
};

/** The lines of the ConfigError `env` makes loadGatewayConfig throw. */
function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadGatewayConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('loadGatewayConfig', () => {
  it('points console links at PUBLIC_BASE_URL: required (https) in production, the local gateway in sandbox', () => {
    expect(loadGatewayConfig({}).publicBaseUrl).toBe('http://127.0.0.1:8080');
    expect(loadGatewayConfig(PRODUCTION).publicBaseUrl).toBe('https://pay.platform.example');
    expect(problemsOf({ ...PRODUCTION, PUBLIC_BASE_URL: '' })).toEqual([
      'PUBLIC_BASE_URL is required in production (the https address merchants reach the platform at)',
    ]);
    expect(problemsOf({ ...PRODUCTION, PUBLIC_BASE_URL: 'http://pay.platform.example' })).toEqual([
      "PUBLIC_BASE_URL must be an https URL in production, got 'http://pay.platform.example'",
    ]);
    expect(problemsOf({ PUBLIC_BASE_URL: 'https://pay.example/console' })).toEqual([
      "PUBLIC_BASE_URL must be an origin without a path, got 'https://pay.example/console'",
    ]);
    expect(loadGatewayConfig(PRODUCTION).consoleOwnerTwoFactor).toBe(true);
    expect(loadGatewayConfig({}).consoleOwnerTwoFactor).toBe(false);
  });

  it('hashes console passwords at OWASP’s scrypt minimum or more in production; lighter only outside it', () => {
    expect(loadGatewayConfig(PRODUCTION).passwordScryptLogN).toBe(17);
    expect(loadGatewayConfig({ PASSWORD_SCRYPT_LOG_N: '14' }).passwordScryptLogN).toBe(14);
    expect(problemsOf({ ...PRODUCTION, PASSWORD_SCRYPT_LOG_N: '16' })).toEqual([
      'PASSWORD_SCRYPT_LOG_N must be at least 17 in production (OWASP’s minimum for scrypt)',
    ]);
  });

  it('runs the sandbox on the development secrets out of the box', () => {
    expect(loadGatewayConfig({}).cursorSecret).toBe(DEV_CURSOR_SECRET);
    expect(loadGatewayConfig({}).idempotencySealingKeys.map((k) => k.id)).toEqual(['dev']);
  });

  it('starts production on private settings', () => {
    expect(problemsOf(PRODUCTION)).toEqual([]);
    expect(loadGatewayConfig(PRODUCTION).env).toBe('production');
  });

  it('refuses production on the development or a short cursor secret', () => {
    for (const secret of [undefined, DEV_CURSOR_SECRET, 'short']) {
      const { CURSOR_SECRET: _, ...rest } = PRODUCTION;
      expect(problemsOf({ ...rest, ...(secret ? { CURSOR_SECRET: secret } : {}) })).toEqual([
        'CURSOR_SECRET must be set to a private value of at least 32 characters in production',
      ]);
    }
  });

  it('refuses production on a placeholder cursor secret', () => {
    for (const secret of ['0'.repeat(64), 'x'.repeat(32), 'abababababababababababababababab']) {
      expect(problemsOf({ ...PRODUCTION, CURSOR_SECRET: secret })).toEqual([
        'CURSOR_SECRET looks like a placeholder (fewer than 8 different characters), not a random value',
      ]);
    }
  });

  it('names every bad setting at once, one line each', () => {
    expect(problemsOf({ VRP_ENV: 'production', DATABASE_URL: PRODUCTION.DATABASE_URL, CURSOR_SECRET: '0'.repeat(64) })).toEqual([
      'CURSOR_SECRET looks like a placeholder (fewer than 8 different characters), not a random value',
      "IDEMPOTENCY_SEALING_KEYS must hold private keys in production: key 'dev' is the public development key",
      'PUBLIC_BASE_URL is required in production (the https address merchants reach the platform at)',
    ]);
  });

  it('refuses production on the development sealing key or one that is not random, one line per key, and any malformed list', () => {
    const { IDEMPOTENCY_SEALING_KEYS: _, ...rest } = PRODUCTION;
    expect(problemsOf(rest)).toEqual([
      "IDEMPOTENCY_SEALING_KEYS must hold private keys in production: key 'dev' is the public development key",
    ]);
    expect(problemsOf({ ...rest, IDEMPOTENCY_SEALING_KEYS: `new:${'00'.repeat(32)},old:${DEV_SEALING_KEYS.slice(4)}` })).toEqual([
      "IDEMPOTENCY_SEALING_KEYS key 'new' is one byte repeated, not a random key",
      "IDEMPOTENCY_SEALING_KEYS must hold private keys in production: key 'old' is the public development key",
    ]);
    expect(problemsOf({ ...rest, IDEMPOTENCY_SEALING_KEYS: 'k1:tooshort' })).toEqual([
      "IDEMPOTENCY_SEALING_KEYS key 'k1' must be 32 bytes, as 64 hex digits or base64",
    ]);
  });

  it('applies the environment rate-limit defaults', () => {
    expect(loadGatewayConfig({}).rateLimitRps).toBe(25);
    expect(loadGatewayConfig(PRODUCTION).rateLimitRps).toBe(100);
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
