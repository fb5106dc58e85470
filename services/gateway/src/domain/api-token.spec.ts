import { describe, expect, it } from 'vitest';
import { generateToken, hashToken, tokenEnvironment } from './api-token.js';

describe('api tokens', () => {
  it('carry their environment in the prefix', () => {
    expect(generateToken('sandbox')).toMatch(/^vrp_sandbox_[A-Za-z0-9_-]{43}$/);
    expect(tokenEnvironment(generateToken('production'))).toBe('production');
    expect(tokenEnvironment(generateToken('sandbox'))).toBe('sandbox');
    expect(tokenEnvironment('sk_test_123')).toBeUndefined();
  });

  it('are stored as sha256 hex only', () => {
    expect(hashToken('vrp_sandbox_x')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken('a')).not.toBe(hashToken('b'));
  });
});
