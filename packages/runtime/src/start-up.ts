import type { Logger } from '@vrp/logging';

/** Something a service started and must close: a pool, a connection, a loop, a server. */
type Close = () => Promise<unknown> | unknown;

/**
 * What a service has started so far, closed last-first. A service registers each resource right
 * after starting it, so start order is dependency order and stop order is its reverse: the gRPC
 * server (started last) stops taking calls first, the database (started first) closes last.
 */
export class Resources {
  private readonly closers: { name: string; close: Close }[] = [];

  constructor(private readonly logger: Logger) {}

  /** Registers `close` for the resource just started; returns `value` for chaining. */
  add<T>(name: string, value: T, close: (value: T) => Promise<unknown> | unknown): T {
    this.closers.push({ name, close: () => close(value) });
    return value;
  }

  /** Closes everything registered, last first. A close that fails is logged and the rest still close. */
  async closeAll(): Promise<void> {
    for (const { name, close } of this.closers.splice(0).reverse()) {
      try {
        await close();
      } catch (err) {
        this.logger.warn('closing failed', { resource: name, err });
      }
    }
  }
}

/** A started service: what its start function returned, plus stop(). */
export type Started<T> = T & {
  /** Closes everything the service started, last first; resolves when all is closed. Safe to call twice. */
  stop(): Promise<void>;
};

/**
 * Starts a service the one way every service starts: `start` registers each resource it opens
 * in `resources`. If any step throws, everything already opened is closed again before the
 * error is rethrown, so a failed start leaks no pool, connection, loop or port. The returned
 * stop() closes it all in reverse order, once.
 */
export async function startUp<T extends object>(
  name: string,
  logger: Logger,
  start: (resources: Resources) => Promise<T>,
): Promise<Started<T>> {
  const resources = new Resources(logger);
  let started: T;
  try {
    started = await start(resources);
  } catch (err) {
    await resources.closeAll();
    throw err;
  }
  let stopping: Promise<void> | undefined;
  return Object.assign(started, {
    stop() {
      stopping ??= resources.closeAll().then(() => logger.info(`${name} stopped`));
      return stopping;
    },
  });
}
