// The operations guide's PromQL queries, run by a real Prometheus (Debian's, installed by
// tools/dev/ensure-prometheus.sh) scraping a real service: each must parse and answer series, and
// no series may carry a `service` label (the scrape target names the service).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@connectrpc/connect';
import { createGrpcTransport } from '@connectrpc/connect-node';
import { mandate } from '@vrp/contracts';
import { loadMandateConfig, startMandateService } from '@vrp/mandate-service';
import { createTestDatabase, createTestStream, reservePort, waitFor, type TestDatabase, type TestStream } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRepoFile } from './platform.js';

/** The lines of the guide's ```promql block. */
const queries = (/```promql\n([\s\S]*?)```/.exec(readRepoFile('docs/operations.md'))?.[1] ?? '').split('\n').filter((l) => l.trim());

type Answer = { status: string; error?: string; data?: { result: { metric: Record<string, string>; value: [number, string] }[] } };

let db: TestDatabase;
let stream: TestStream;
let service: Awaited<ReturnType<typeof startMandateService>>;
let prometheus: ChildProcess;
let dir: string;
let promUrl: string;

beforeAll(async () => {
  [db, stream] = await Promise.all([createTestDatabase(['mandate']), createTestStream()]);
  service = await startMandateService(
    loadMandateConfig({
      DATABASE_URL: db.url,
      EVENT_STREAM: stream.stream,
      EVENT_SUBJECT_PREFIX: stream.subjectPrefix,
      GRPC_PORT: '0',
      LOG_LEVEL: 'silent',
    }),
  );
  // Calls to count: answered ones and a NotFound.
  const client = createClient(mandate.MandateService, createGrpcTransport({ baseUrl: `http://127.0.0.1:${service.port}` }));
  for (let i = 0; i < 3; i++) await client.getMandate({ merchantId: 'MR1', id: `MD${i}` }).catch(() => undefined);

  dir = mkdtempSync(join(tmpdir(), 'vrp-prometheus-'));
  const port = await reservePort();
  promUrl = `http://127.0.0.1:${port}`;
  writeFileSync(
    join(dir, 'prometheus.yml'),
    `global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: mandate\n    static_configs:\n      - targets: ['127.0.0.1:${service.metricsPort}']\n`,
  );
  prometheus = spawn(
    'prometheus',
    [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`],
    { stdio: 'ignore' },
  );
  prometheus.once('error', (err) => {
    throw new Error(`prometheus did not start (bash tools/dev/ensure-prometheus.sh installs it): ${err.message}`);
  });
  // Enough scrapes for a rate over them.
  await waitFor(
    async () => {
      const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent('count_over_time(up{job="mandate"}[1m])')}`).catch(
        () => undefined,
      );
      const body = res?.ok ? ((await res.json()) as Answer) : undefined;
      return Number(body?.data?.result[0]?.value[1] ?? 0) >= 4;
    },
    { what: 'Prometheus to scrape the service a few times', timeoutMs: 60_000, intervalMs: 500 },
  );
}, 120_000);

afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    const exited = once(prometheus, 'exit');
    prometheus.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
  await service?.stop();
  await stream?.cleanup();
  await db?.drop();
});

describe('the operations guide’s PromQL queries', () => {
  it('are there', () => {
    expect(queries.length).toBeGreaterThanOrEqual(5);
  });

  it.each(queries)('%s answers series from a real scrape', async (query) => {
    const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(query)}`);
    const body = (await res.json()) as Answer;
    expect(body.error, query).toBeUndefined();
    expect(body.status).toBe('success');
    expect(body.data!.result.length, `series answered by ${query}`).toBeGreaterThan(0);
    for (const series of body.data!.result) expect(Object.keys(series.metric)).not.toContain('service');
  });

  it('finds no service or exported_service label on any scraped series', async () => {
    const res = await fetch(
      `${promUrl}/api/v1/query?query=${encodeURIComponent('count({job="mandate", service=~".+"}) or count({job="mandate", exported_service=~".+"})')}`,
    );
    expect(((await res.json()) as Answer).data!.result).toEqual([]);
  });
});
