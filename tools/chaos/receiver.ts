import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verifyWebhook } from '@vrp/webhook-verify';

/** A merchant's HTTPS webhook receiver with a CA of its own: counts every delivery it could verify. */
export class VerifyingReceiver {
  /** event_id → verified deliveries of it (answered 2xx). */
  readonly verified = new Map<string, number>();
  /** Deliveries whose signature did not verify: there must be none. */
  readonly forged: string[] = [];
  /** Signing secrets by the path of the endpoint they belong to. */
  readonly secrets = new Map<string, string>();
  readonly caFile: string;
  private readonly dir: string;
  private server?: https.Server;
  port = 0;

  constructor() {
    this.dir = mkdtempSync(path.join(tmpdir(), 'vrp-chaos-tls-'));
    const f = (name: string) => path.join(this.dir, name);
    const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
    openssl(
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=Chaos CA',
      '-keyout',
      f('ca.key'),
      '-out',
      f('ca.pem'),
    );
    openssl(
      'req',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      f('server.key'),
      '-out',
      f('server.csr'),
    );
    writeFileSync(f('ext.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n');
    openssl(
      'x509',
      '-req',
      '-in',
      f('server.csr'),
      '-CA',
      f('ca.pem'),
      '-CAkey',
      f('ca.key'),
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      f('ext.cnf'),
      '-out',
      f('server.pem'),
    );
    this.caFile = f('ca.pem');
  }

  get url(): string {
    return `https://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const f = (name: string) => readFileSync(path.join(this.dir, name));
    this.server = https.createServer({ key: f('server.key'), cert: f('server.pem') }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const secret = this.secrets.get(req.url ?? '');
        try {
          if (!secret) throw new Error(`no secret for ${req.url}`);
          verifyWebhook({ body, header: req.headers['x-svc-signature'] as string | undefined, secrets: [secret] });
        } catch (err) {
          this.forged.push(`${req.url}: ${(err as Error).message}`);
          res.writeHead(400).end();
          return;
        }
        const id = (JSON.parse(body) as { event_id: string }).event_id;
        this.verified.set(id, (this.verified.get(id) ?? 0) + 1);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
