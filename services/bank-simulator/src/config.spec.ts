import { ConfigError } from '@vrp/config';
import { describe, expect, it } from 'vitest';
import { loadBankSimulatorConfig } from './config.js';

describe('loadBankSimulatorConfig', () => {
  it('refuses to start in production, with one clear line: it plays the bank', () => {
    expect(() => loadBankSimulatorConfig({ VRP_ENV: 'production' })).toThrow(ConfigError);
    try {
      loadBankSimulatorConfig({ VRP_ENV: 'production' });
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([
        'VRP_ENV must not be production for the bank simulator: it plays the bank (sandbox only)',
      ]);
    }
  });

  it('starts in sandbox', () => {
    expect(loadBankSimulatorConfig({}).vrpEnv).toBe('sandbox');
    expect(loadBankSimulatorConfig({ VRP_ENV: 'sandbox' }).vrpEnv).toBe('sandbox');
  });
});
