import { createHmac, timingSafeEqual } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestTls } from './tls.js';

/** One request as the receiver saw it, with its hand-made signature verdict. */
export interface Received {
  /** Path and query the request was sent to. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  body: { event_id: string; event_type: string; created_at: string; data: Record<string, unknown> };
  /** v1 signatures in the header that verified with one of the receiver's secrets. */
  validSignatures: number;
  /** Total v1 entries in the header. */
  signatureCount: number;
  timestamp: number;
  answeredWith: number;
}

/** What the receiver answers: a status (and body, default "ok"), optionally after a delay or once `until` settles. */
export type Behaviour = (req: Received, seen: number) => { status: number; body?: string; delayMs?: number; until?: Promise<unknown> };

/**
 * A real HTTPS receiver on 127.0.0.1:0 that checks X-SVC-Signature by hand with node:crypto
 * (HMAC-SHA256 over `<t>.<raw body>`, constant-time compare), exactly as a merchant would.
 */
export class TestReceiver {
  readonly received: Received[] = [];
  secrets: string[] = [];
  behaviour: Behaviour = () => ({ status: 200 });
  private server?: https.Server;
  port = 0;

  constructor(private readonly tls: TestTls) {}

  /** The address it listens on: 127.0.0.1 unless started on another (`::1`, say). */
  host = '127.0.0.1';

  get url(): string {
    return `https://${this.host.includes(':') ? `[${this.host}]` : this.host}:${this.port}/hooks`;
  }

  /** Distinct event ids received with a 2xx answer and a valid signature (the merchant's dedupe). */
  acceptedEventIds(): Set<string> {
    return new Set(this.received.filter((r) => r.answeredWith < 300 && r.validSignatures > 0).map((r) => r.body.event_id));
  }

  async start(port = 0, host = '127.0.0.1'): Promise<void> {
    this.host = host;
    this.server = https.createServer({ cert: this.tls.cert, key: this.tls.key }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const entry = this.inspect(req.url ?? '', req.headers, rawBody);
        const { status, body, delayMs, until } = this.behaviour(entry, this.received.length);
        entry.answeredWith = status;
        this.received.push(entry);
        const answer = () => {
          if (!res.destroyed) res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(body ?? 'ok');
        };
        if (until) void until.then(answer, answer);
        else if (delayMs) setTimeout(answer, delayMs).unref();
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, host, resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private inspect(path: string, headers: Received['headers'], rawBody: string): Received {
    const header = String(headers['x-svc-signature'] ?? '');
    const parts = header.split(',').map((p) => p.split('='));
    const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
    const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => Buffer.from(v ?? '', 'hex'));
    const expected = this.secrets.map((s) => createHmac('sha256', s).update(`${timestamp}.${rawBody}`).digest());
    const validSignatures = signatures.filter((sig) => expected.some((e) => e.length === sig.length && timingSafeEqual(e, sig))).length;
    return {
      path,
      headers,
      rawBody,
      body: JSON.parse(rawBody),
      validSignatures,
      signatureCount: signatures.length,
      timestamp,
      answeredWith: 0,
    };
  }
}
