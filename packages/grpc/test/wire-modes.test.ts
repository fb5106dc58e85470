import { compressionGzip, createGrpcTransport } from '@connectrpc/connect-node';
import { createClient } from '@connectrpc/connect';
import { mandate } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { createLogger } from '@vrp/logging';
import { afterAll, describe, expect, it } from 'vitest';
import { createServiceClient, startGrpcServer, type GrpcServer, type GrpcTransport } from '../src/index.js';

const servers: GrpcServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

async function serve(transport: GrpcTransport): Promise<GrpcServer> {
  const server = await startGrpcServer({
    port: 0,
    transport,
    serviceNames: [mandate.MandateService.typeName],
    logger: createLogger('test', { level: 'silent' }),
    routes: (router) =>
      router.service(mandate.MandateService, {
        getMandate: (req) => {
          if (req.id === 'MD_missing') throw new ApiError('not_found', 'No such mandate', { param: 'id' });
          return { mandate: { id: req.id, merchantId: req.merchantId, maximumAmountMinor: 12_345n, currency: 'GBP' } };
        },
      }),
  });
  servers.push(server);
  return server;
}

describe('the hand-written and the library transport', () => {
  for (const [server, client] of [
    ['hand', 'library'],
    ['library', 'hand'],
    ['library', 'library'],
    ['hand', 'hand'],
  ] as const) {
    it(`a ${client} client calls a ${server} server: answers and domain errors alike`, async () => {
      const peer = await serve(server);
      const mandates = createServiceClient(mandate.MandateService, { baseUrl: `http://127.0.0.1:${peer.port}`, transport: client });
      try {
        const reply = await mandates.getMandate({ merchantId: 'MR1', id: 'MD1' });
        expect(reply.mandate).toMatchObject({ id: 'MD1', maximumAmountMinor: 12_345n, currency: 'GBP' });
        await expect(mandates.getMandate({ merchantId: 'MR1', id: 'MD_missing' })).rejects.toMatchObject({
          code: 'not_found',
          param: 'id',
        });
        expect(mandates.sessions()).toHaveLength(1);
      } finally {
        mandates.close();
      }
    });
  }

  it('the hand-written server counts the calls it leaves to connect (a compressed body)', async () => {
    const peer = await serve('hand');
    const client = createClient(
      mandate.MandateService,
      createGrpcTransport({ baseUrl: `http://127.0.0.1:${peer.port}`, sendCompression: compressionGzip }),
    );
    expect(peer.unaryFallbacks()).toBe(0);
    expect((await client.getMandate({ merchantId: 'MR1', id: 'MD_gzip' })).mandate?.id).toBe('MD_gzip');
    expect(peer.unaryFallbacks()).toBe(1);
  });
});
