import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, platformSettings } from './index.js';

const load = (env: 'sandbox' | 'production', vars: Record<string, string>) => loadConfig(platformSettings(env), vars);

describe('platformSettings', () => {
  it('refuses a production database URL without a password, one clear line, whichever service loads it', () => {
    const refused: Record<string, string>[] = [
      {},
      { DATABASE_URL: 'postgresql://vrp@db.internal:5432/vrp_production' },
      { DATABASE_URL: 'postgresql://vrp:@db/vrp' },
    ];
    for (const vars of refused) {
      expect(() => load('production', vars)).toThrow(ConfigError);
      try {
        load('production', vars);
      } catch (err) {
        expect((err as ConfigError).problems).toEqual([
          expect.stringMatching(/^DATABASE_URL must (carry a password|be set) in production/),
        ]);
      }
    }
  });

  it('takes a production database URL with a password, in the user information or as a parameter', () => {
    expect(load('production', { DATABASE_URL: 'postgresql://vrp:s3cret@db.internal:5432/vrp_production' }).databaseUrl).toBe(
      'postgresql://vrp:s3cret@db.internal:5432/vrp_production',
    );
    expect(load('production', { DATABASE_URL: 'postgresql://vrp@db.internal/vrp_production?password=s3cret' }).databaseUrl).toContain(
      'password=s3cret',
    );
  });

  it('lets a sandbox use the passwordless local database', () => {
    expect(load('sandbox', {}).databaseUrl).toBe('postgresql://postgres@127.0.0.1:5432/vrp_sandbox');
  });
});
