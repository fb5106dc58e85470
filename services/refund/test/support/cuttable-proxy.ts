import net from 'node:net';
import { once } from 'node:events';

/**
 * A TCP proxy in front of Postgres that a test can cut: while cut, every connection through it is
 * destroyed and new ones are closed as soon as they open, as when the database's host becomes
 * unreachable; restored, it forwards again.
 */
export class CuttableProxy {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private cutOff = false;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.server = net.createServer((client) => {
      if (this.cutOff) return void client.destroy();
      const upstream = net.connect(this.target.port, this.target.host);
      for (const [a, b] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(a);
        a.on('error', () => b.destroy());
        a.on('close', () => (this.sockets.delete(a), b.destroy()));
        a.pipe(b);
      }
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
  }

  /** `databaseUrl` with its host and port replaced by the proxy's. */
  url(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String((this.server!.address() as net.AddressInfo).port);
    return url.toString();
  }

  cut(): void {
    this.cutOff = true;
    for (const s of this.sockets) s.destroy();
  }

  restore(): void {
    this.cutOff = false;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
