import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { REFUSED_PRIVATE, RefusedDestinationError, literalRefusal, refusal, type AddressPolicy, type Resolver } from './address-guard.js';

/** Where a host's deliveries go: the one address they connect to, or why there is none. */
export type Destination = { address: string; family: number } | { refused: string } | { error: NodeJS.ErrnoException };

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** How long a host's resolved address is kept: attempts and their connections use it meanwhile. */
const TTL_MS = 10_000;
const MAX_HOSTS = 10_000;

/**
 * Resolves the hosts of endpoints' URLs to the one address deliveries connect to: the first
 * the guard allows (private ones are refused, see address-guard.ts), kept for 10 s. The delivery
 * worker throttles per this address, and the connections' `lookup` answers with it, so an
 * attempt connects exactly where it was counted (and where it was checked: a second resolution
 * cannot point it elsewhere).
 */
export class Destinations {
  private readonly known = new Map<string, { at: number; destination: Promise<Destination> }>();

  constructor(
    private readonly policy: AddressPolicy,
    private readonly resolve: Resolver = dnsLookup,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Where deliveries to `hostname` (as a URL gives it) go now. */
  of(hostname: string): Promise<Destination> {
    const bare = hostname.replace(/^\[|\]$/g, '');
    if (isIP(bare)) {
      const refused = literalRefusal(this.policy, hostname);
      return Promise.resolve(refused ? { refused } : { address: bare, family: isIP(bare) });
    }
    const cached = this.known.get(hostname);
    if (cached && this.now() - cached.at < TTL_MS) return cached.destination;
    const destination = new Promise<Destination>((done) =>
      this.resolve(hostname, { all: true }, (err, addresses) => {
        if (err) return done({ error: err });
        const usable = addresses.find((a) => refusal(this.policy, hostname, a.address) === null);
        done(usable ? { address: usable.address, family: usable.family } : { refused: REFUSED_PRIVATE });
      }),
    );
    if (this.known.size >= MAX_HOSTS) this.known.delete(this.known.keys().next().value!);
    this.known.set(hostname, { at: this.now(), destination });
    // A failed resolution is not kept: the next attempt asks again.
    void destination.then((d) => 'error' in d && this.known.get(hostname)?.destination === destination && this.known.delete(hostname));
    return destination;
  }

  /** A `lookup` for http(s) agents that answers with the host's destination (or its refusal). */
  lookup() {
    return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
      void this.of(hostname).then((d) => {
        if ('error' in d) return callback(d.error, '');
        if ('refused' in d) return callback(Object.assign(new RefusedDestinationError(d.refused), { errno: 0 }), '');
        if (options.all) return callback(null, [{ address: d.address, family: d.family }]);
        callback(null, d.address, d.family);
      });
    };
  }
}
