import { create } from '@bufbuild/protobuf';
import { mandate } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { createLogger } from '@vrp/logging';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient, startGrpcServer, type GrpcServer, type Resolver } from '../src/index.js';

/** Replicas of a mandate service on port 0, each counting the calls it served. */
interface Replica {
  server: GrpcServer;
  url: string;
  reads: number;
  cancels: number;
}
let replicas: Replica[] = [];
const clients: { close(): void }[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const r of replicas.splice(0)) await r.server.close().catch(() => undefined);
});

async function startReplica(host = '127.0.0.1', port = 0): Promise<Replica> {
  const replica = { reads: 0, cancels: 0 } as Replica;
  replica.server = await startGrpcServer({
    port,
    host,
    serviceNames: [mandate.MandateService.typeName],
    logger: createLogger('test', { level: 'silent' }),
    shutdownGraceMs: 10,
    routes: (router) =>
      router.service(mandate.MandateService, {
        getMandate: (req) => {
          replica.reads++;
          return create(mandate.GetMandateResponseSchema, { mandate: { id: req.id, merchantId: req.merchantId } });
        },
        cancelMandate: (req) => {
          replica.cancels++;
          return create(mandate.CancelMandateResponseSchema, { mandate: { id: req.id, merchantId: req.merchantId } });
        },
      }),
  });
  replica.url = `http://${host}:${replica.server.port}`;
  replicas.push(replica);
  return replica;
}

function client(baseUrl: string, extra: { resolve?: Resolver; resolveIntervalMs?: number } = {}) {
  const c = createServiceClient(mandate.MandateService, { baseUrl, timeoutMs: 2000, volumeThreshold: 1000, ...extra });
  clients.push(c);
  return c;
}

const read = (c: ReturnType<typeof client>, i: number) => c.getMandate({ merchantId: 'MR1', id: `MD${i}` });

describe('a client of several replicas', () => {
  it('spreads calls evenly over every address of a comma-separated list, one session per replica', async () => {
    const [a, b, c] = [await startReplica(), await startReplica(), await startReplica()];
    const mandates = client(`${a.url},127.0.0.1:${b.server.port}, ${c.url}`);
    for (let i = 0; i < 30; i++) await read(mandates, i);
    await Promise.all(Array.from({ length: 60 }, (_, i) => read(mandates, i)));
    expect([a.reads, b.reads, c.reads]).toEqual([30, 30, 30]);
    expect(mandates.sessions()).toHaveLength(3);
  });

  it('sends the calls of a killed replica elsewhere: reads and calls that never reached it alike', async () => {
    const [a, b, c] = [await startReplica(), await startReplica(), await startReplica()];
    const mandates = client([a.url, b.url, c.url].join(','));
    for (let i = 0; i < 9; i++) await read(mandates, i);
    await b.server.close();
    const before = { a: a.reads, c: c.reads };
    // Every read succeeds: the one sent to the dead replica is retried on a live one, which is ejected.
    for (let i = 0; i < 20; i++) await expect(read(mandates, i)).resolves.toMatchObject({ mandate: { id: `MD${i}` } });
    // A cancel is not a read, but a refused connection never delivered it: sent elsewhere too.
    for (let i = 0; i < 6; i++) await mandates.cancelMandate({ merchantId: 'MR1', id: `MD${i}` });
    expect(a.reads - before.a + (c.reads - before.c)).toBe(20);
    expect(a.cancels + c.cancels).toBe(6);
    expect(b.cancels).toBe(0);
    expect(mandates.breaker.stats.failures).toBe(0);
  });

  it('fails with service_unavailable only when every replica is gone', async () => {
    const [a, b] = [await startReplica(), await startReplica()];
    const mandates = client(`${a.url},${b.url}`);
    await a.server.close();
    await b.server.close();
    const err = await read(mandates, 1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('service_unavailable');
  });

  it('resolves a name to its replicas again and again, picking up a new one and dropping a gone one', async () => {
    const first = await startReplica('127.0.0.1');
    // A name whose answer changes, as a headless Service's does when pods come and go.
    let answer = ['127.0.0.1'];
    const mandates = client(`http://replicas.test:${first.server.port}`, { resolve: async () => answer, resolveIntervalMs: 20 });
    await read(mandates, 1);
    expect(mandates.addresses()).toEqual([first.url]);

    // A second pod (another loopback address, same port) appears in the answer.
    const second = await startReplica('127.0.0.2', first.server.port);
    answer = ['127.0.0.1', '127.0.0.2'];
    await waitUntil(() => mandates.addresses().length === 2);
    for (let i = 0; i < 10; i++) await read(mandates, i);
    expect([first.reads, second.reads]).toEqual([6, 5]);

    // The first leaves the answer: its session is retired and every call goes to the second.
    answer = ['127.0.0.2'];
    await waitUntil(() => mandates.addresses().length === 1);
    for (let i = 0; i < 5; i++) await read(mandates, i);
    expect([first.reads, second.reads]).toEqual([6, 10]);
    expect(mandates.sessions()).toHaveLength(1);
  });
});

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(condition()).toBe(true);
}
