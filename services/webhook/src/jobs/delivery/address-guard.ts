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

/** Why `address` (reached through `hostname`) is refused, or null when it may be used. */
export function refusal(policy: AddressPolicy, hostname: string, address: string): string | null {
  if (policy.allowedHosts.includes(hostname) || policy.allowedHosts.includes(address)) return null;
  if (!isPrivateAddress(address)) return null;
  if (policy.allowLoopback && isLoopbackAddress(address)) return null;
  return `destination ${hostname === address ? address : `${hostname} (${address})`} is a private, loopback or link-local address; refused`;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves the host, refuses private destinations, and
 * hands the socket the checked address itself, so a second resolution (DNS rebinding) can
 * never point the connection elsewhere.
 */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const usable = addresses.filter((a) => refusal(policy, hostname, a.address) === null);
      if (usable.length === 0) {
        const reason = refusal(policy, hostname, addresses[0]?.address ?? hostname) ?? `${hostname} did not resolve`;
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
