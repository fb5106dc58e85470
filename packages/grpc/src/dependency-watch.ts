import type { Logger } from '@vrp/logging';
import type { HealthState } from './health.js';

/** What a service needs to do its work: each check resolves when that dependency answers. */
export type DependencyChecks = Record<string, () => Promise<unknown>>;

/**
 * Keeps a server's grpc.health.v1 status true to its own dependencies: every `intervalMs` each
 * check must answer within `timeoutMs`, else every service name reports NOT_SERVING until they
 * all answer again (a server shutting down stays NOT_SERVING). Changes are logged once each.
 */
export class DependencyWatch {
  private timer: NodeJS.Timeout | undefined;
  private healthy: boolean | undefined;
  private stopped = false;

  constructor(
    private readonly health: HealthState,
    private readonly checks: DependencyChecks,
    private readonly logger: Logger,
    private readonly options: { intervalMs: number; timeoutMs: number },
  ) {}

  start(): void {
    void this.round();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** One round of checks; answers the names of the dependencies that did not answer. */
  async round(): Promise<string[]> {
    const failed = (
      await Promise.all(Object.entries(this.checks).map(async ([name, check]) => ((await this.answers(check)) ? null : name)))
    ).filter((name): name is string => name !== null);
    if (this.stopped) return failed;
    const healthy = failed.length === 0;
    if (healthy !== this.healthy) {
      if (healthy) this.logger.info('dependencies answer again: serving', { dependencies: Object.keys(this.checks) });
      else this.logger.warn('dependencies do not answer: not serving', { down: failed });
      this.healthy = healthy;
      this.health.setAll(healthy);
    }
    this.timer = setTimeout(() => void this.round(), this.options.intervalMs);
    this.timer.unref();
    return failed;
  }

  private async answers(check: () => Promise<unknown>): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        check(),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), this.options.timeoutMs))),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
