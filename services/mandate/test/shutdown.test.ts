import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT, waitFor } from '@vrp/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMerchantId, seedMandate, startHarness, type Harness } from './fixtures.js';

const require = createRequire(import.meta.url);
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 30_000);
afterAll(() => h?.close(), 30_000);

type Check = (req: object, cb: (err: grpc.ServiceError | null, res?: { status: string }) => void) => void;

describe('shutdown', { timeout: 30_000 }, () => {
  it('stops with clients connected, publishes every committed event first, then stops serving', async () => {
    const defs = protoLoader.loadSync(require.resolve('grpc-health-check/proto/health/v1/health.proto'), { enums: String, defaults: true });
    const { Health } = (
      grpc.loadPackageDefinition(defs) as unknown as { grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } } }
    ).grpc.health.v1;
    const health = new Health(`127.0.0.1:${h.service.port}`, grpc.credentials.createInsecure()) as unknown as grpc.Client & {
      Check: Check;
    };
    const check = () =>
      new Promise<string>((resolve, reject) => health.Check({ service: '' }, (err, res) => (err ? reject(err) : resolve(res!.status))));
    expect(await check()).toBe('SERVING');

    // A burst of changes right before stopping: their events must not be left behind in the outbox.
    const merchantId = newMerchantId();
    const created = await Promise.all(Array.from({ length: 8 }, () => seedMandate(h.client, merchantId)));
    await h.service.stop(); // both the connect client and grpc-js keep their HTTP/2 sessions open

    const sql = new pg.Client({ connectionString: h.db.url });
    await sql.connect();
    const { rows } = await sql.query<{ pending: string; total: string }>(
      'SELECT count(*) FILTER (WHERE published_at IS NULL) AS pending, count(*) AS total FROM mandate.outbox_events',
    );
    await sql.end();
    expect(rows[0]).toEqual({ pending: '0', total: '8' });
    const ids = new Set((await h.stream.events()).map((e) => e.resource.value?.id));
    expect(created.every((m) => ids.has(m.id))).toBe(true);

    const after = await check().catch((e: grpc.ServiceError) => e.code);
    expect([grpc.status.UNAVAILABLE, 'NOT_SERVING']).toContain(after);
    health.close();
  });
});

describe('the process', { timeout: 30_000 }, () => {
  it('serves after boot and exits cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(REPO_ROOT, 'services/mandate'),
      env: {
        ...process.env,
        GRPC_PORT: '0',
        DATABASE_URL: h.db.url,
        NATS_URL: h.stream.natsUrl,
        EVENT_STREAM: h.stream.stream,
        EVENT_SUBJECT_PREFIX: h.stream.subjectPrefix,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const messages: string[] = [];
    const lines: string[] = [];
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      messages.push((JSON.parse(line) as { msg: string }).msg);
    });
    const exited = once(child, 'exit');
    await waitFor(() => messages.includes('mandate service started'), { timeoutMs: 20_000, what: 'boot' });
    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    expect(messages).toEqual(expect.arrayContaining(['mandate service started', 'shutting down', 'mandate service stopped']));
  });
});
