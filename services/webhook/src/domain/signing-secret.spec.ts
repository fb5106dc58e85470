import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretKeyring, newSigningSecret, openSecret, sealSecret, sealedKeyId, secretKeyId } from './signing-secret.js';

describe('signing secrets at rest', () => {
  const key = randomBytes(32);
  const ring = new SecretKeyring([key]);

  it('issues whsec_ secrets that round-trip through the sealed form without appearing in it', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const sealed = sealSecret(ring, 'WE1', secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(openSecret(ring, 'WE1', sealed)).toBe(secret);
  });

  it('refuses another key, another endpoint or a tampered ciphertext', () => {
    const sealed = sealSecret(ring, 'WE1', newSigningSecret());
    expect(() => openSecret(new SecretKeyring([randomBytes(32)]), 'WE1', sealed)).toThrow(/does not list/);
    expect(() => openSecret(ring, 'WE2', sealed)).toThrow();
    const parts = sealed.split('.');
    parts[4] = Buffer.from('x'.repeat(49)).toString('base64url');
    expect(() => openSecret(ring, 'WE1', parts.join('.'))).toThrow();
  });
});

describe('sealing keys with ids', () => {
  const [k1, k2] = [randomBytes(32), randomBytes(32)];

  it('gives each key an id of its own, derived from it, that every secret it seals carries', () => {
    expect(secretKeyId(k1)).toMatch(/^[0-9a-f]{8}$/);
    expect(secretKeyId(Buffer.from(k1))).toBe(secretKeyId(k1));
    expect(secretKeyId(k2)).not.toBe(secretKeyId(k1));
    const sealed = sealSecret(new SecretKeyring([k2, k1]), 'WE1', 'whsec_x');
    expect(sealed.startsWith(`v2.${secretKeyId(k2)}.`)).toBe(true);
    expect(sealedKeyId(sealed)).toBe(secretKeyId(k2));
  });

  it('seals with the first key listed and opens with any key listed', () => {
    const old = sealSecret(new SecretKeyring([k1]), 'WE1', 'whsec_old');
    const both = new SecretKeyring([k2, k1]);
    expect(openSecret(both, 'WE1', old)).toBe('whsec_old');
    expect(openSecret(new SecretKeyring([k1, k2]), 'WE1', sealSecret(both, 'WE1', 'whsec_new'))).toBe('whsec_new');
    expect(() => openSecret(new SecretKeyring([k2]), 'WE1', old)).toThrow(`sealed with key ${secretKeyId(k1)}`);
  });

  it('opens the first format, sealed before keys had ids, with whichever listed key sealed it', () => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', k1, iv).setAAD(Buffer.from('WE1'));
    const body = Buffer.concat([cipher.update('whsec_legacy', 'utf8'), cipher.final()]);
    const legacy = ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    expect(sealedKeyId(legacy)).toBeNull();
    expect(openSecret(new SecretKeyring([k2, k1]), 'WE1', legacy)).toBe('whsec_legacy');
    expect(() => openSecret(new SecretKeyring([k2]), 'WE1', legacy)).toThrow(/none of the keys/);
  });
});
