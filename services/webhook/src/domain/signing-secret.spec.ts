import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newSigningSecret, openSecret, sealSecret } from './signing-secret.js';

describe('signing secrets at rest', () => {
  const key = randomBytes(32);

  it('issues whsec_ secrets that round-trip through the sealed form without appearing in it', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const sealed = sealSecret(key, 'WE1', secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(openSecret(key, 'WE1', sealed)).toBe(secret);
  });

  it('refuses another key, another endpoint or a tampered ciphertext', () => {
    const sealed = sealSecret(key, 'WE1', newSigningSecret());
    expect(() => openSecret(randomBytes(32), 'WE1', sealed)).toThrow();
    expect(() => openSecret(key, 'WE2', sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('x'.repeat(49)).toString('base64url');
    expect(() => openSecret(key, 'WE1', parts.join('.'))).toThrow();
  });
});
