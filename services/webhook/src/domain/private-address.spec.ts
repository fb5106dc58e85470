import { describe, expect, it } from 'vitest';
import { embeddedIpv4, isLoopbackAddress, isPrivateAddress } from './private-address.js';

describe('private address check', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '[::1]',
    'localhost',
  ])('blocks %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  // IPv6 forms that carry an IPv4 address reach that address: refused when it is private.
  it.each([
    ['IPv4-compatible', '::127.0.0.1'],
    ['IPv4-compatible, in hex', '::a00:1'],
    ['IPv4-mapped, expanded', '0:0:0:0:0:ffff:a9fe:a9fe'],
    ['IPv4-translated', '::ffff:0:127.0.0.1'],
    ['IPv4-translated, in hex', '::ffff:0:c0a8:101'],
    ['NAT64 well-known prefix', '64:ff9b::10.0.0.1'],
    ['NAT64 well-known prefix, in hex', '64:FF9B::7F00:1'],
    ['6to4 of 10.0.0.1', '2002:a00:1::1'],
    ['6to4 of 169.254.169.254', '2002:a9fe:a9fe::'],
    ['IPv4-mapped in brackets', '[::ffff:169.254.169.254]'],
  ])('blocks %s (%s)', (_form, address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  // Refused whatever they carry: where NAT64 local-use and Teredo lead is not the address's to say.
  it.each(['64:ff9b:1::8.8.8.8', '64:ff9b:1:ab::1', '2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2'])('blocks %s outright', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['::8.8.8.8', '::ffff:0:8.8.8.8', '64:ff9b::8.8.8.8', '2002:808:808::1', '2001:4860:4860::8888', '2001:db8:1::1'])(
    'allows %s (public, or not an embedding)',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it('finds the embedded IPv4 address of each form', () => {
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:0:a00:1')).toBe('10.0.0.1');
    expect(embeddedIpv4('64:ff9b::c0a8:1')).toBe('192.168.0.1');
    expect(embeddedIpv4('2002:c0a8:101:5::9')).toBe('192.168.1.1');
    expect(embeddedIpv4('2606:4700:4700::1111')).toBeUndefined();
  });

  it('recognises loopback separately', () => {
    expect(isLoopbackAddress('127.0.0.5')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('10.0.0.1')).toBe(false);
    expect(isLoopbackAddress('0:0:0:0:0:0:0:1')).toBe(true);
    expect(isLoopbackAddress('::2')).toBe(false);
  });
});
