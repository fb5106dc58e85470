import { describe, expect, it } from 'vitest';
import { digest, parseSealingKeys, seal, unseal } from './sealing.js';

const KEY_A = 'a:' + '11'.repeat(32);
const KEY_B = 'b:' + Buffer.alloc(32, 2).toString('base64');

describe('sealing', () => {
  it('seals with the first key and opens with any, so keys rotate', () => {
    const old = parseSealingKeys(KEY_A);
    const sealed = seal(old, 'access-token');
    expect(sealed.startsWith('a.')).toBe(true);
    expect(sealed).not.toContain('access-token');
    const rotated = parseSealingKeys(`${KEY_B},${KEY_A}`);
    expect(unseal(rotated, sealed)).toBe('access-token');
    expect(seal(rotated, 'x').startsWith('b.')).toBe(true);
    expect(() => unseal(parseSealingKeys(KEY_B), sealed)).toThrow(/unknown key 'a'/);
  });

  it('refuses a value altered in any part', () => {
    const keys = parseSealingKeys(KEY_A);
    const [id, iv, ct, tag] = seal(keys, 'access-token').split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    expect(() => unseal(keys, [id, iv, flip(ct!), tag].join('.'))).toThrow();
    expect(() => unseal(keys, [id, iv, ct, flip(tag!)].join('.'))).toThrow();
  });

  it('parses keys strictly', () => {
    expect(() => parseSealingKeys('nokey')).toThrow(/id:key/);
    expect(() => parseSealingKeys('a:abcd')).toThrow(/32 bytes/);
    expect(() => parseSealingKeys(`${KEY_A},${KEY_A}`)).toThrow(/distinct/);
  });

  it('digests bearer secrets as hex SHA-256', () => {
    expect(digest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
