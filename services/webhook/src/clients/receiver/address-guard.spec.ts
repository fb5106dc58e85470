import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { REFUSED_PRIVATE, guardedLookup, literalRefusal, refusal, type Resolver } from './address-guard.js';

const development = { allowLoopback: true, allowedHosts: [] };
const production = { allowLoopback: false, allowedHosts: [] };

/** A resolver answering `addresses` for every name: the merchant's DNS, which may say anything. */
const resolvesTo =
  (...addresses: string[]): Resolver =>
  (_host, _options, callback) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as LookupAddress),
    );

function lookup(policy: typeof production, resolver: Resolver, host: string): Promise<{ error?: string; address?: string }> {
  return new Promise((resolve) =>
    guardedLookup(policy, resolver)(host, {}, (err, address) => resolve(err ? { error: err.message } : { address: address as string })),
  );
}

describe('the destination guard', () => {
  it('lets local development reach loopback only through a host that is loopback by its text', async () => {
    expect(refusal(development, '127.0.0.1', '127.0.0.1')).toBeNull();
    expect(refusal(development, '[::1]', '::1')).toBeNull();
    expect(refusal(development, 'localhost', '127.0.0.1')).toBeNull();
    // A name the merchant controls that resolves to loopback is refused, flag or not.
    expect(refusal(development, 'hooks.merchant.example', '127.0.0.1')).toBe(REFUSED_PRIVATE);
    expect(await lookup(development, resolvesTo('127.0.0.1'), 'hooks.merchant.example')).toEqual({ error: REFUSED_PRIVATE });
    expect(await lookup(development, resolvesTo('127.0.0.1'), 'localhost')).toEqual({ address: '127.0.0.1' });
    // Loopback written another way is not a literal loopback host either.
    expect(literalRefusal(development, '[::ffff:7f00:1]')).toBe(REFUSED_PRIVATE);
    expect(literalRefusal(development, '127.0.0.1')).toBeNull();
    expect(literalRefusal(production, '127.0.0.1')).toBe(REFUSED_PRIVATE);
  });

  it('refuses without telling the merchant where the name led', async () => {
    for (const address of ['10.1.2.3', '169.254.169.254', 'fd00::5', '::ffff:192.168.0.9', '64:ff9b::a01:203']) {
      const refused = await lookup(production, resolvesTo(address), 'hooks.merchant.example');
      expect(refused, address).toEqual({ error: 'refused: private address' });
    }
    // A name with public and private addresses goes to a public one only.
    expect(await lookup(production, resolvesTo('10.0.0.1', '93.184.216.34'), 'hooks.merchant.example')).toEqual({
      address: '93.184.216.34',
    });
  });
});
