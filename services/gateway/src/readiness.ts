import type { Logger } from '@vrp/logging';
import type { Metrics } from '@vrp/metrics';

type Check = { status: 'up' } | { status: 'down'; error: string };

/** The readiness report: every dependency with its state, and the downstream services that are down. */
export interface ReadinessReport {
  status: 'ready' | 'not_ready';
  checks: Record<string, Check>;
  /** Downstream services not serving: the routes that need them answer 503 service_unavailable meanwhile. */
  degraded: string[];
}

/** One dependency the gateway checks; `own` ones (its Postgres and NATS) decide readiness, the others only degrade routes. */
export interface Probe {
  name: string;
  own: boolean;
  /** Resolves when the dependency answers; rejects (or outlasts the timeout) when it does not. */
  run(): Promise<void>;
}

export interface ReadinessOptions {
  /** How long one probe may take before its dependency counts as down. */
  timeoutMs?: number;
  /** How long a finished round of probes answers every check (so /readyz costs nothing per call). */
  cacheMs?: number;
  now?: () => number;
  logger?: Logger;
  metrics?: Metrics;
}

async function probe(fn: () => Promise<void>, timeoutMs: number): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs))),
    ]);
    return { status: 'up' };
  } catch (err) {
    return { status: 'down', error: (err as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Answers "can this gateway serve traffic?": ready while its own dependencies answer and nothing
 * found it misconfigured. Probes run at most once per `cacheMs` however many ask (concurrent
 * checks share the round under way), so a flood of GET /readyz costs no more than one caller.
 * A dependency going down or coming back is logged once with its error, and every round sets
 * `vrp_gateway_dependency_up` on the metrics port: the details live there, never in the answer.
 */
export class Readiness {
  private round: { at: number; report: Promise<ReadinessReport> } | undefined;
  private misconfigured: string | undefined;
  private readonly last = new Map<string, Check['status']>();

  constructor(
    private readonly probes: readonly Probe[],
    private readonly options: ReadinessOptions = {},
  ) {
    options.metrics?.gaugeOnScrape(
      'vrp_gateway_dependency_up',
      'Whether a dependency answered the latest readiness round (1) or not (0); configuration is 0 once the gateway found itself misconfigured.',
      ['dependency'],
      async () => [
        ...[...this.last].map(([dependency, status]) => ({ labels: { dependency }, value: status === 'up' ? 1 : 0 })),
        { labels: { dependency: 'configuration' }, value: this.misconfigured === undefined ? 1 : 0 },
      ],
    );
  }

  /**
   * Takes the gateway out of rotation for good (until it restarts): a fault found while serving,
   * such as forwarded requests without TRUST_PROXY, that no retry will cure.
   */
  markMisconfigured(reason: string): void {
    this.misconfigured ??= reason;
  }

  /** The report of the latest round of probes, started now when the last one is older than `cacheMs`. */
  check(): Promise<ReadinessReport> {
    const now = (this.options.now ?? Date.now)();
    const cacheMs = this.options.cacheMs ?? 1000;
    if (this.round && now - this.round.at < cacheMs) return this.round.report.then((r) => this.withConfiguration(r));
    const report = this.runProbes();
    this.round = { at: now, report };
    return report.then((r) => this.withConfiguration(r));
  }

  private withConfiguration(report: ReadinessReport): ReadinessReport {
    if (this.misconfigured === undefined) return report;
    return { ...report, status: 'not_ready', checks: { ...report.checks, configuration: { status: 'down', error: this.misconfigured } } };
  }

  private async runProbes(): Promise<ReadinessReport> {
    const timeoutMs = this.options.timeoutMs ?? 1500;
    const results = await Promise.all(this.probes.map((p) => probe(() => p.run(), timeoutMs)));
    const checks: Record<string, Check> = {};
    this.probes.forEach((p, i) => (checks[p.name] = results[i]!));
    for (const [name, check] of Object.entries(checks)) this.note(name, check);
    // One downstream service down takes only its routes out (they answer 503), not the whole API.
    const ready = this.probes.filter((p) => p.own).every((p) => checks[p.name]!.status === 'up');
    const degraded = this.probes.filter((p) => !p.own && checks[p.name]!.status !== 'up').map((p) => p.name);
    return { status: ready ? 'ready' : 'not_ready', checks, degraded };
  }

  /** Logs a dependency's change of state (the first round logs only what is down). */
  private note(name: string, check: Check): void {
    const before = this.last.get(name);
    this.last.set(name, check.status);
    if (before === check.status || (before === undefined && check.status === 'up')) return;
    if (check.status === 'down') this.options.logger?.warn('readiness: a dependency is down', { dependency: name, error: check.error });
    else this.options.logger?.info('readiness: a dependency is back', { dependency: name });
  }
}
