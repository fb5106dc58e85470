import type { Logger } from '@vrp/logging';

/** A background job running every interval; stop() waits for a pass in progress to end. */
export interface Periodic {
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `intervalMs` (never two at once), logging failures instead of dying: a
 * sweeper must outlive the outage it is there to repair.
 */
export function startPeriodic(name: string, intervalMs: number, pass: () => Promise<unknown>, logger: Logger): Periodic {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = pass()
      .then(() => undefined)
      .catch((err: unknown) => logger.warn(`${name} pass failed`, { err }))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
