import pg from 'pg';

export interface Listener {
  /** True while the LISTEN is in place (false while connecting again). */
  readonly listening: boolean;
  /** Stops listening and closes the connection. */
  close(): Promise<void>;
}

export interface ListenOptions {
  /** Told when the connection is lost or cannot be made (it is made again). */
  onError?: (err: Error) => void;
  /** Longest wait between two attempts to connect again (the wait doubles from 100 ms). */
  maxBackoffMs?: number;
}

/**
 * Calls `onNotify` for every NOTIFY on `channel`, over a connection of its own that is made
 * again whenever it is lost. `onNotify` is also called each time listening (re)starts: what was
 * notified while no one listened is gone, so the caller should look for itself then.
 */
export function listen(databaseUrl: string, channel: string, onNotify: () => void, options: ListenOptions = {}): Listener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  const onError = options.onError ?? (() => undefined);
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let backoff = 100;
  let connecting: Promise<void> = Promise.resolve();

  const again = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connecting = connect();
    }, backoff);
    backoff = Math.min(backoff * 2, options.maxBackoffMs ?? 5000);
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('error', (err) => onError(err));
    c.on('notification', () => onNotify());
    c.on('end', () => {
      if (client === c) client = undefined;
      again();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      onError(err as Error);
      await c.end().catch(() => undefined);
      again();
      return;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    backoff = 100;
    onNotify();
  };

  connecting = connect();
  return {
    get listening() {
      return client !== undefined;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await connecting; // a connection being made is closed by connect() itself, seeing `closed`
      await client?.end().catch(() => undefined);
    },
  };
}
