import { BlockList, isIP } from 'node:net';

// Destinations a webhook must never reach from inside the platform's network (SSRF).
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  // Refused whatever they carry: NAT64 local-use (RFC 8215) translates into whatever IPv4
  // network its operator chose, where the IPv4 address sits depends on that operator's prefix
  // length, and Teredo (RFC 4380) tunnels to an address hidden by XOR behind a relay. Neither is
  // how a merchant's webhook server is reached.
  ['64:ff9b:1::', 48],
  ['2001::', 32],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** The 16 bytes of an IPv6 address (any textual form, a trailing dotted quad included), or null. */
function ipv6Bytes(address: string): Uint8Array | null {
  if (isIP(address) !== 6) return null;
  let text = address.replace(/%.*$/, '');
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  if (groups.length !== 8) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    const n = parseInt(g, 16);
    bytes[2 * i] = n >> 8;
    bytes[2 * i + 1] = n & 255;
  });
  return bytes;
}

const dotted = (b: Uint8Array, at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;
const zeros = (b: Uint8Array, from: number, to: number) => b.slice(from, to).every((x) => x === 0);

/**
 * The IPv4 address an IPv6 address carries, for the forms that reach it: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d, deprecated), IPv4-translated (::ffff:0:a.b.c.d),
 * the NAT64 well-known prefix (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::, the IPv4 address in
 * bits 16-47). Undefined for any other IPv6 address.
 */
export function embeddedIpv4(address: string): string | undefined {
  const b = ipv6Bytes(address.replace(/^\[|\]$/g, ''));
  if (!b) return undefined;
  if (zeros(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return dotted(b, 12); // mapped
  if (zeros(b, 0, 12)) return dotted(b, 12); // compatible (and :: and ::1, which are 0.0.0.x)
  if (zeros(b, 0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(b, 10, 12)) return dotted(b, 12); // translated
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(b, 4, 12)) return dotted(b, 12); // NAT64
  if (b[0] === 0x20 && b[1] === 0x02) return dotted(b, 2); // 6to4
  return undefined;
}

/**
 * True when `address` (an IP literal) is private, loopback, link-local, unique-local, CGNAT,
 * multicast or unspecified, in IPv4 or IPv6, including an IPv4 address carried in IPv6 (mapped,
 * compatible, translated, NAT64, 6to4), and for the IPv6 ranges refused whatever they carry
 * (NAT64 local-use, Teredo). Anything that is not an IP literal counts as blocked: callers check
 * resolved addresses only.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4 !== undefined && blocked.check(v4, 'ipv4')) return true;
    return blocked.check(bare.replace(/%.*$/, ''), 'ipv6');
  }
  return true;
}

/** True for the loopback range only (127/8, ::1, and IPv4 loopback carried in IPv6). */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) !== 6) return false;
  const b = ipv6Bytes(bare);
  if (b && zeros(b, 0, 15) && b[15] === 1) return true;
  return embeddedIpv4(bare)?.startsWith('127.') ?? false;
}
