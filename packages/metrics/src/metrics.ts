import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Latency buckets (seconds) for RPCs, requests and webhook POSTs: 1 ms to 10 s. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * How often the event-loop lag histogram (nodejs_eventloop_lag_*) samples, in ms. prom-client's
 * default, 10 ms, wakes an idle process about 200 times a second, which cost 1 % of a core in
 * each process (measured idle: 100 ms of CPU in 10 s; at 50 ms, 20 ms). At 50 ms every stall of
 * 50 ms or more is still seen.
 */
const EVENT_LOOP_SAMPLE_MS = 50;

/**
 * One process's metrics: its own registry (so services sharing a test process never mix), the
 * Node runtime's default metrics, and the families the platform's modules record into. Names and
 * labels follow the OpenTelemetry semantic conventions as Prometheus spells them (`rpc.server.call.duration`
 * → `rpc_server_call_duration_seconds`, attribute dots as underscores). No `service` label: which
 * service a sample came from is the scrape target's (`job`, `instance`, the pod's labels), as the
 * Prometheus Operator and the OpenTelemetry resource give it. A histogram's `_count` is its count:
 * no counter repeats it.
 */
export class Metrics {
  readonly registry = new Registry();
  /** RPCs served: duration by method and gRPC status code (its _count counts them). */
  readonly rpcDuration: Histogram<'rpc_system_name' | 'rpc_method' | 'rpc_response_status_code'>;
  /** Circuit breakers of remote calls: 0 closed, 1 half-open, 2 open. */
  readonly breakerState: Gauge<'peer'>;

  constructor(readonly service: string) {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
    this.rpcDuration = this.histogram('rpc_server_call_duration_seconds', 'Time to answer an RPC, by method and gRPC status code.', [
      'rpc_system_name',
      'rpc_method',
      'rpc_response_status_code',
    ]);
    this.breakerState = new Gauge({
      name: 'vrp_circuit_breaker_state',
      help: 'Circuit breaker of calls to a peer: 0 closed, 1 half-open, 2 open.',
      labelNames: ['peer'],
      registers: [this.registry],
    });
  }

  counter<L extends string>(name: string, help: string, labelNames: L[]): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  histogram<L extends string>(name: string, help: string, labelNames: L[], buckets = LATENCY_BUCKETS): Histogram<L> {
    return new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  /**
   * A gauge read when Prometheus scrapes: `read` answers its values (by label set). A read that
   * fails leaves the gauge empty for that scrape rather than failing the scrape.
   */
  gaugeOnScrape<L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    read: () => Promise<{ labels?: Partial<Record<L, string>>; value: number }[]>,
  ): Gauge<L> {
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        const values = await read().catch(() => []);
        for (const v of values) {
          if (v.labels) this.set(v.labels as never, v.value);
          else this.set(v.value);
        }
      },
    });
  }

  /** Records a breaker's new state ("open", "half_open" or "closed"). */
  breakerChanged(peer: string, state: string): void {
    this.breakerState.set({ peer }, state === 'open' ? 2 : state === 'half_open' ? 1 : 0);
  }
}

/** The running /metrics endpoint. */
export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

/** Serves `GET /metrics` (Prometheus text format) on host:port (0 picks a free port). */
export async function serveMetrics(metrics: Metrics, host: string, port: number): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(err)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A process's metrics with their endpoint already serving. */
export async function startMetrics(service: string, host: string, port: number): Promise<{ metrics: Metrics; server: MetricsServer }> {
  const metrics = new Metrics(service);
  return { metrics, server: await serveMetrics(metrics, host, port) };
}
