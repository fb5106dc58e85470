import ipaddr from 'ipaddr.js';

/**
 * The key every per-address limit counts a client under. An IPv4 address is its own key; an IPv6
 * client is keyed by its /64, because one subscriber is given a whole /64 and can send from any
 * address in it (keyed by the full address, each request could come from a fresh one). An
 * IPv4-mapped IPv6 address (`::ffff:203.0.113.9`, what a dual-stack socket reports) is the IPv4
 * address it carries. Anything that does not parse is kept as it is, so it is still limited.
 */
export function addressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address.split('%')[0]!); // a zone id (fe80::1%eth0) names an interface, not a client
  } catch {
    return address.slice(0, 100);
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(':')}::/64`;
}
