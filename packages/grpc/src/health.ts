import { create } from '@bufbuild/protobuf';
import type { ConnectRouter } from '@connectrpc/connect';
import { Code, ConnectError } from '@connectrpc/connect';
import { health } from '@vrp/contracts';

const { Health, HealthCheckResponseSchema, HealthCheckResponse_ServingStatus: Status } = health;

/**
 * The health service name that answers for the process alone (the liveness probe's): SERVING
 * while the server takes calls, whatever its dependencies do, so a Postgres or NATS outage never
 * makes the kubelet restart a healthy process. "" and the served services' names are readiness:
 * they follow the dependencies.
 */
export const LIVENESS_SERVICE = 'liveness';

/**
 * Serving state per service name; "" is the whole server (readiness) and {@link LIVENESS_SERVICE}
 * the process alone. Everything flips to NOT_SERVING on shutdown.
 */
export class HealthState {
  private readonly statuses = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private closed = false;

  constructor(serviceNames: string[]) {
    for (const name of ['', LIVENESS_SERVICE, ...serviceNames]) this.statuses.set(name, Status.SERVING);
  }

  /** Status of `service`, or undefined for an unknown name. */
  get(service: string): number | undefined {
    return this.statuses.get(service);
  }

  names(): string[] {
    return [...this.statuses.keys()];
  }

  set(service: string, serving: boolean): void {
    this.statuses.set(service, serving ? Status.SERVING : Status.NOT_SERVING);
    for (const l of this.listeners) l();
  }

  /**
   * Every readiness name at once (the server's own dependencies came or went), unless it is
   * shutting down. Liveness is not a dependency's to change.
   */
  setAll(serving: boolean): void {
    if (this.closed) return;
    for (const name of this.statuses.keys()) {
      if (name !== LIVENESS_SERVICE) this.statuses.set(name, serving ? Status.SERVING : Status.NOT_SERVING);
    }
    for (const l of this.listeners) l();
  }

  shutdown(): void {
    this.closed = true;
    for (const name of this.statuses.keys()) this.statuses.set(name, Status.NOT_SERVING);
    for (const l of this.listeners) l();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Serves grpc.health.v1.Health (Check and Watch) from `state`. */
export function registerHealth(router: ConnectRouter, state: HealthState): void {
  router.service(Health, {
    check(req) {
      const status = state.get(req.service);
      if (status === undefined) throw new ConnectError(`unknown service ${req.service}`, Code.NotFound);
      return create(HealthCheckResponseSchema, { status });
    },
    async *watch(req, ctx) {
      let last = -1;
      while (!ctx.signal.aborted) {
        const status = state.get(req.service) ?? Status.SERVICE_UNKNOWN;
        if (status !== last) {
          last = status;
          yield create(HealthCheckResponseSchema, { status });
        }
        await new Promise<void>((resolve) => {
          const off = state.onChange(() => {
            off();
            resolve();
          });
          ctx.signal.addEventListener('abort', () => resolve(), { once: true });
        });
      }
    },
    list() {
      const statuses: Record<string, ReturnType<typeof create<typeof HealthCheckResponseSchema>>> = {};
      for (const name of state.names()) statuses[name] = create(HealthCheckResponseSchema, { status: state.get(name)! });
      return { statuses };
    },
  });
}
