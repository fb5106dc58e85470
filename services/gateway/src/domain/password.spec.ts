import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy, hashPassword, needsRehash, unknownUserHash, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('verifies the password it hashed and nothing else, with a fresh salt each time', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('uses OWASP’s minimum scrypt cost, and asks for a new hash of one made with other parameters', async () => {
    expect(needsRehash(await hashPassword('correct horse battery'))).toBe(false);
    expect(needsRehash('scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe(true);
    expect(needsRehash(unknownUserHash())).toBe(false);
  });

  it('hashes at the configured work factor, verifies hashes of any, and asks to rehash when the factor changed', async () => {
    const light = await hashPassword('correct horse battery', 14);
    expect(light).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', light)).toBe(true);
    expect(needsRehash(light, 14)).toBe(false);
    expect(needsRehash(light)).toBe(true);
    expect(unknownUserHash(14)).toMatch(/^scrypt\$16384\$/);
  });

  it('never matches a malformed hash or the unknown-user hash', async () => {
    expect(await verifyPassword('anything at all', 'plain-text-password')).toBe(false);
    expect(await verifyPassword('anything at all', 'scrypt$1$2$3')).toBe(false);
    expect(await verifyPassword('anything at all', unknownUserHash())).toBe(false);
  });

  it('treats canonically equivalent spellings as one password', async () => {
    const hash = await hashPassword('caf\u00e9 au lait 1234');
    expect(await verifyPassword('cafe\u0301 au lait 1234', hash)).toBe(true);
  });

  it('asks for 12 to 200 characters', () => {
    expect(() => checkPasswordPolicy('short')).toThrow(/at least 12/);
    expect(() => checkPasswordPolicy('x'.repeat(201))).toThrow(/at most 200/);
    expect(() => checkPasswordPolicy('twelve chars')).not.toThrow();
  });
});
