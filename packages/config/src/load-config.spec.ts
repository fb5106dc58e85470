import { describe, expect, it } from 'vitest';
import { ConfigError, bool, durationList, int, loadConfig, oneOf, str } from './index.js';

describe('loadConfig', () => {
  const spec = {
    port: int('PORT', { default: 8080, min: 0, max: 65535 }),
    env: oneOf('VRP_ENV', ['sandbox', 'production'] as const, { default: 'sandbox' }),
    secret: str('SECRET'),
    insecure: bool('INSECURE', { default: false }),
    schedule: durationList('SCHEDULE', { default: [1000] }),
  };

  it('applies defaults and parses values', () => {
    const cfg = loadConfig(spec, { SECRET: 's', PORT: '9000', SCHEDULE: '1s,250ms,2m' });
    expect(cfg).toEqual({ port: 9000, env: 'sandbox', secret: 's', insecure: false, schedule: [1000, 250, 120000] });
    expect(Object.isFrozen(cfg)).toBe(true);
  });

  it('reports every bad setting, one line each', () => {
    try {
      loadConfig(spec, { PORT: 'abc', VRP_ENV: 'staging', INSECURE: 'maybe' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems).toEqual([
        "PORT must be a whole number, got 'abc'",
        "VRP_ENV must be one of sandbox, production, got 'staging'",
        'SECRET is required',
        "INSECURE must be true or false, got 'maybe'",
      ]);
    }
  });
});
