import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Where a service lives: one or more `scheme://host:port` targets. A target whose host is a name
 * (a Kubernetes headless Service, `localhost`) stands for every address the name resolves to.
 */
export interface Target {
  scheme: 'http:' | 'https:';
  host: string;
  port: string;
}

/**
 * Parses a service address: comma-separated `http://host:port` or bare `host:port` entries (a
 * bare entry takes the scheme of the first one, `http:` by default), e.g.
 * `http://10.0.0.1:50051,10.0.0.2:50051` or `http://payment-headless:50052`.
 */
export function parseServiceAddress(address: string): Target[] {
  const entries = address
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (entries.length === 0) throw new Error(`empty service address: "${address}"`);
  let scheme: Target['scheme'] | undefined;
  return entries.map((entry) => {
    const url = new URL(entry.includes('://') ? entry : `${scheme ?? 'http:'}//${entry}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`unsupported scheme in service address "${entry}"`);
    scheme ??= url.protocol;
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return { scheme: url.protocol, host: url.hostname.replace(/^\[|\]$/g, ''), port };
  });
}

/** One address of a target, e.g. `http://10.0.0.7:50052`; `servername` is the name TLS checks. */
export interface Address {
  url: string;
  servername?: string;
}

/** Resolves a host name to its addresses (IPv4 and IPv6 literals). */
export type Resolver = (host: string) => Promise<string[]>;

export const dnsResolver: Resolver = async (host) => (await lookup(host, { all: true })).map((a) => a.address);

function urlOf(scheme: string, ip: string, port: string): string {
  return `${scheme}//${isIP(ip) === 6 ? `[${ip}]` : ip}:${port}`;
}

/** True when some target names a host that must be resolved (not an IP literal). */
export function needsResolution(targets: Target[]): boolean {
  return targets.some((t) => isIP(t.host) === 0);
}

/** Every address of the targets now, deduplicated, in a stable order. */
export async function resolveTargets(targets: Target[], resolve: Resolver): Promise<Address[]> {
  const out = new Map<string, Address>();
  for (const t of targets) {
    if (isIP(t.host) !== 0) {
      const url = urlOf(t.scheme, t.host, t.port);
      out.set(url, { url });
      continue;
    }
    for (const ip of (await resolve(t.host)).sort()) {
      const url = urlOf(t.scheme, ip, t.port);
      out.set(url, t.scheme === 'https:' ? { url, servername: t.host } : { url });
    }
  }
  return [...out.values()];
}

/** What the balancer keeps per address. */
export interface Endpoint<C> {
  readonly address: Address;
  readonly conn: C;
  /** Calls on it now. */
  inflight: number;
  /** Until when (epoch ms) it gets no calls after a transport failure. */
  ejectedUntil: number;
  /** Transport failures in a row: each ejection lasts longer, up to maxEjectMs. */
  failures: number;
}

export interface BalancerOptions {
  /** First ejection of a failing address; doubles per failure in a row. */
  baseEjectMs?: number;
  maxEjectMs?: number;
  now?: () => number;
}

/**
 * Least-requests balancing over a changing set of endpoints: among the endpoints not ejected, the
 * one with the fewest calls in flight, ties broken round robin (so an idle client spreads its
 * calls evenly). An endpoint whose call failed at the transport level is ejected for a while; if
 * every endpoint is ejected, they are all tried anyway rather than failing without a call.
 */
export class Balancer<C> {
  private endpoints: Endpoint<C>[] = [];
  private next = 0;
  private readonly baseEjectMs: number;
  private readonly maxEjectMs: number;
  private readonly now: () => number;

  constructor(
    private readonly open: (address: Address) => C,
    private readonly retire: (conn: C) => void,
    options: BalancerOptions = {},
  ) {
    this.baseEjectMs = options.baseEjectMs ?? 2000;
    this.maxEjectMs = options.maxEjectMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  /** Replaces the set of addresses: new ones are opened, vanished ones retired once idle. */
  update(addresses: Address[]): void {
    const byUrl = new Map(this.endpoints.map((e) => [e.address.url, e]));
    const kept: Endpoint<C>[] = [];
    for (const address of addresses) {
      const existing = byUrl.get(address.url);
      if (existing) {
        kept.push(existing);
        byUrl.delete(address.url);
      } else {
        kept.push({ address, conn: this.open(address), inflight: 0, ejectedUntil: 0, failures: 0 });
      }
    }
    this.endpoints = kept;
    for (const gone of byUrl.values()) this.draining.add(gone);
    this.retireIdle();
  }

  private readonly draining = new Set<Endpoint<C>>();

  private retireIdle(): void {
    for (const e of this.draining) {
      if (e.inflight > 0) continue;
      this.draining.delete(e);
      this.retire(e.conn);
    }
  }

  /** The endpoint for the next call, never `avoid` when another exists; undefined when there is none. */
  pick(avoid?: Endpoint<C>): Endpoint<C> | undefined {
    const now = this.now();
    const candidates = this.endpoints.filter((e) => e !== avoid);
    if (candidates.length === 0) return undefined;
    const healthy = candidates.filter((e) => e.ejectedUntil <= now);
    const pool = healthy.length > 0 ? healthy : candidates;
    const start = this.next++ % pool.length;
    let best = pool[start]!;
    for (let i = 1; i < pool.length; i++) {
      const e = pool[(start + i) % pool.length]!;
      if (e.inflight < best.inflight) best = e;
    }
    return best;
  }

  /** Runs `call` on `endpoint`, counting it in flight. */
  async run<T>(endpoint: Endpoint<C>, call: (conn: C) => Promise<T>): Promise<T> {
    endpoint.inflight++;
    try {
      const result = await call(endpoint.conn);
      endpoint.failures = 0;
      return result;
    } finally {
      endpoint.inflight--;
      if (this.draining.size > 0) this.retireIdle();
    }
  }

  /** Takes the endpoint out of rotation for a while after a transport failure. */
  eject(endpoint: Endpoint<C>): void {
    endpoint.failures++;
    endpoint.ejectedUntil = this.now() + Math.min(this.maxEjectMs, this.baseEjectMs * 2 ** (endpoint.failures - 1));
  }

  /** Every endpoint's connection, current and draining. */
  connections(): C[] {
    return [...this.endpoints, ...this.draining].map((e) => e.conn);
  }

  /** The addresses in rotation now (diagnostics and tests). */
  addresses(): string[] {
    return this.endpoints.map((e) => e.address.url);
  }

  /** Retires every connection. */
  close(): void {
    for (const e of [...this.endpoints, ...this.draining]) this.retire(e.conn);
    this.endpoints = [];
    this.draining.clear();
  }
}
