import { ConfigError } from '@vrp/config';
import { describe, expect, it } from 'vitest';
import { DEV_SECRET_KEY, loadWebhookConfig } from './config.js';
import { secretKeyId } from './domain/signing-secret.js';

/** Production settings that pass: a database password and a real key. */
const PRODUCTION = {
  VRP_ENV: 'production',
  DATABASE_URL: 'postgresql://vrp:s3cret@db.internal:5432/vrp_production',
  WEBHOOK_SECRET_KEY: 'ab'.repeat(32),
};

/** The lines a configuration is refused with. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadWebhookConfig(env);
    return [];
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.problems;
  }
}

describe('loadWebhookConfig', () => {
  it('uses the development key only outside production', () => {
    expect(loadWebhookConfig({}).usingDevSecretKey).toBe(true);
    expect(() => loadWebhookConfig({ ...PRODUCTION, WEBHOOK_SECRET_KEY: '' })).toThrow(ConfigError);
    expect(loadWebhookConfig(PRODUCTION).usingDevSecretKey).toBe(false);
  });

  it('refuses the published development key in production, however it is written', () => {
    for (const key of [DEV_SECRET_KEY, DEV_SECRET_KEY.toUpperCase(), Buffer.from(DEV_SECRET_KEY, 'hex').toString('base64')]) {
      expect(() => loadWebhookConfig({ ...PRODUCTION, WEBHOOK_SECRET_KEY: key })).toThrow(ConfigError);
      expect(() => loadWebhookConfig({ ...PRODUCTION, WEBHOOK_SECRET_KEY: key })).toThrow(
        /WEBHOOK_SECRET_KEY must not be the published development key/,
      );
      expect(loadWebhookConfig({ WEBHOOK_SECRET_KEY: key }).usingDevSecretKey).toBe(true);
    }
  });

  it('takes only production settings in production: one clear line for each bad one', () => {
    expect(
      problemsOf({
        VRP_ENV: 'production',
        DATABASE_URL: 'postgresql://vrp@db.internal:5432/vrp_production',
        WEBHOOK_SECRET_KEY: '0'.repeat(64),
        WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'true',
      }),
    ).toEqual([
      expect.stringMatching(/^DATABASE_URL must carry a password in production/),
      expect.stringMatching(/^WEBHOOK_SECRET_KEY must not be all zeros in production/),
      expect.stringMatching(/^WEBHOOK_ALLOW_INSECURE_LOOPBACK must not be set in production/),
    ]);
    // The same settings are a developer's machine in sandbox.
    expect(loadWebhookConfig({ WEBHOOK_SECRET_KEY: '0'.repeat(64), WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'true' }).allowInsecureLoopback).toBe(
      true,
    );
    expect(loadWebhookConfig({ ...PRODUCTION, WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'false' }).allowInsecureLoopback).toBe(false);
  });

  it('refuses in production a key that decodes to 32 bytes only by the decoder\u2019s leniency', () => {
    // A key whose base64 has '+' and '/' (so base64url differs) and padding.
    const key = Buffer.from(`${'fbffbf'.repeat(10)}fbff`, 'hex');
    for (const canonical of [key.toString('hex'), key.toString('hex').toUpperCase(), key.toString('base64'), key.toString('base64url')]) {
      expect(problemsOf({ ...PRODUCTION, WEBHOOK_SECRET_KEY: canonical }), canonical).toEqual([]);
    }
    // Padding dropped, a stray character, white space inside: Node decodes each to the same 32 bytes.
    for (const lenient of [
      key.toString('base64').replace(/=$/, ''),
      `${key.toString('base64')}!`,
      `${key.toString('base64').slice(0, 20)} ${key.toString('base64').slice(20)}`,
    ]) {
      expect(Buffer.from(lenient, 'base64').equals(key), lenient).toBe(true);
      expect(problemsOf({ ...PRODUCTION, WEBHOOK_SECRET_KEY: lenient }), lenient).toEqual([
        expect.stringMatching(/^WEBHOOK_SECRET_KEY must be written exactly in production/),
      ]);
      expect(loadWebhookConfig({ WEBHOOK_SECRET_KEY: lenient }).secretKeys.sealing.key.equals(key)).toBe(true);
    }
  });

  it('takes several keys, the first sealing, each checked on its own line in production', () => {
    const [k1, k2] = ['ab'.repeat(32), Buffer.from('cd'.repeat(32), 'hex').toString('base64')];
    const ring = loadWebhookConfig({ ...PRODUCTION, WEBHOOK_SECRET_KEY: `${k2}, ${k1}` }).secretKeys;
    expect(ring.keys.map((k) => k.key.toString('hex'))).toEqual(['cd'.repeat(32), 'ab'.repeat(32)]);
    expect(ring.sealing.id).toBe(secretKeyId(Buffer.from('cd'.repeat(32), 'hex')));
    expect(problemsOf({ ...PRODUCTION, WEBHOOK_SECRET_KEY: `${k1},${'0'.repeat(64)}` })).toEqual([
      'WEBHOOK_SECRET_KEY must not be all zeros in production (generate a random 32-byte key) (key 2 of 2)',
    ]);
    expect(problemsOf({ WEBHOOK_SECRET_KEY: `${k1},,${k2}` })).toEqual(['WEBHOOK_SECRET_KEY has an empty entry (key 2 of 3)']);
    expect(problemsOf({ WEBHOOK_SECRET_KEY: `${k1},short` })).toEqual([
      'WEBHOOK_SECRET_KEY must be a 32-byte key, as 64 hex characters or base64 (key 2 of 2)',
    ]);
  });

  it('takes the documented schedule by default: 8 waits before attempts 2..9', () => {
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
