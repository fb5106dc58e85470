import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { isLoopbackAddress, isPrivateAddress } from '../../domain/private-address.js';

/** Where deliveries may connect to. */
export interface AddressPolicy {
  /** Local development: loopback destinations are allowed (never other private ranges). */
  allowLoopback: boolean;
  /** Hostnames or IP addresses an operator explicitly allows despite being private. */
  allowedHosts: readonly string[];
}

/** Thrown when a destination is refused; recorded as the attempt's error. */
export class RefusedDestinationError extends Error {
  readonly code = 'EREFUSEDDESTINATION';
}

/**
 * What a refused attempt records, and all it records: the merchant reads attempts, and the
 * address a name resolved to inside the platform's network is not theirs to learn.
 */
export const REFUSED_PRIVATE = 'refused: private address';

/** The hosts that are loopback by their very text (as a URL's hostname gives them). */
const LITERAL_LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', '::1', 'localhost']);

/**
 * Why `address` (reached through `hostname`) is refused, or null when it may be used. Loopback
 * is allowed in local development only for a host that is loopback by its text, never for a
 * name that merely resolves there (DNS the merchant controls could point anywhere).
 */
export function refusal(policy: AddressPolicy, hostname: string, address: string): string | null {
  if (policy.allowedHosts.includes(hostname) || policy.allowedHosts.includes(address)) return null;
  if (!isPrivateAddress(address)) return null;
  if (policy.allowLoopback && LITERAL_LOOPBACK_HOSTS.has(hostname) && isLoopbackAddress(address)) return null;
  return REFUSED_PRIVATE;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** How a host name is resolved: the system's resolver (dns.lookup), every address at once. */
export type Resolver = (
  hostname: string,
  options: { all: true },
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for http(s).request that resolves the host, refuses private destinations, and
 * hands the socket the checked address itself, so a second resolution (DNS rebinding) can
 * never point the connection elsewhere.
 */
export function guardedLookup(policy: AddressPolicy, resolve: Resolver = dnsLookup) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolve(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const usable = addresses.filter((a) => refusal(policy, hostname, a.address) === null);
      if (usable.length === 0) {
        const reason = addresses.length > 0 ? REFUSED_PRIVATE : `${hostname} did not resolve`;
        return callback(Object.assign(new RefusedDestinationError(reason), { errno: 0 }), '');
      }
      if (options.all) return callback(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

/** For a URL whose host is an IP literal (no lookup happens): the refusal, if any. */
export function literalRefusal(policy: AddressPolicy, hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return isIP(bare) ? refusal(policy, hostname, bare) : null;
}
