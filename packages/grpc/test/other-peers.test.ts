import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { createClient } from '@connectrpc/connect';
import { findTrailerError } from '@connectrpc/connect/protocol-grpc';
import { compressionGzip, createConnectTransport, createGrpcTransport } from '@connectrpc/connect-node';
import * as grpcJs from '@grpc/grpc-js';
import { common, health, mandate } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GrpcServer } from '../src/index.js';
import { startMandateServer } from './support/mandate-server.js';

/**
 * The server answers plain unary gRPC calls itself and leaves the rest to connect: every other
 * gRPC peer must see one ordinary service either way. Each peer here is a real client over a
 * real socket: the standard grpc-js stack, connect's gRPC transport (compressed, and a
 * server stream), and the Connect protocol.
 */
let server: GrpcServer;
const calls: string[] = [];
beforeAll(async () => {
  server = await startMandateServer({
    getMandate: (req) => {
      calls.push(req.id);
      if (req.id === 'MD_missing') throw new ApiError('not_found', 'No such mandate: MD_missing', { param: 'id' });
      return { mandate: { id: req.id, merchantId: req.merchantId, maximumAmountMinor: 12_345n, currency: 'GBP' } };
    },
  });
});
afterAll(() => server?.close());

const url = () => `http://127.0.0.1:${server.port}`;

describe('a unary call from the standard gRPC stack (grpc-js)', () => {
  const method = {
    path: '/vrp.mandate.v1.MandateService/GetMandate',
    requestStream: false,
    responseStream: false,
    requestSerialize: (m: mandate.GetMandateRequest) => Buffer.from(toBinary(mandate.GetMandateRequestSchema, m)),
    requestDeserialize: (b: Buffer) => fromBinary(mandate.GetMandateRequestSchema, b),
    responseSerialize: (m: mandate.GetMandateResponse) => Buffer.from(toBinary(mandate.GetMandateResponseSchema, m)),
    responseDeserialize: (b: Buffer) => fromBinary(mandate.GetMandateResponseSchema, b),
  };
  const call = (client: grpcJs.Client, id: string) =>
    new Promise<{ reply?: mandate.GetMandateResponse; error?: grpcJs.ServiceError }>((resolve) =>
      client.makeUnaryRequest(
        method.path,
        method.requestSerialize,
        method.responseDeserialize,
        create(mandate.GetMandateRequestSchema, { merchantId: 'MR1', id }),
        (error, reply) => resolve(error ? { error } : { reply: reply! }),
      ),
    );

  it('gets the answer, and an error as a status with the ErrorDetail in grpc-status-details-bin', async () => {
    const client = new grpcJs.Client(`127.0.0.1:${server.port}`, grpcJs.credentials.createInsecure());
    try {
      const ok = await call(client, 'MD_1');
      expect(ok.reply?.mandate).toMatchObject({ id: 'MD_1', merchantId: 'MR1', maximumAmountMinor: 12_345n, currency: 'GBP' });
      const failed = await call(client, 'MD_missing');
      expect(failed.error?.code).toBe(grpcJs.status.NOT_FOUND);
      // connect-node's server percent-encodes every reserved character of grpc-message and grpc-js
      // decodes it with decodeURI, which leaves ':' as '%3A'; the hand-written server writes it as is.
      expect(decodeURIComponent(failed.error!.details)).toBe('No such mandate: MD_missing');
      const [bin] = failed.error!.metadata.get('grpc-status-details-bin') as Buffer[];
      // Read back the way any gRPC peer reads google.rpc.Status from the trailer.
      const trailer = new Headers({ 'grpc-status': '5', 'grpc-status-details-bin': bin!.toString('base64') });
      const [detail, ...more] = findTrailerError(trailer)!.findDetails(common.ErrorDetailSchema);
      expect(more).toHaveLength(0);
      expect(detail).toMatchObject({ reason: 'not_found', param: 'id' });
    } finally {
      client.close();
    }
  });
});

describe('what connect still serves', () => {
  it('a gzip-compressed unary call', async () => {
    const client = createClient(mandate.MandateService, createGrpcTransport({ baseUrl: url(), sendCompression: compressionGzip }));
    const reply = await client.getMandate({ merchantId: 'MR1', id: 'MD_gzip' });
    expect(reply.mandate?.id).toBe('MD_gzip');
    expect(calls).toContain('MD_gzip');
  });

  it('the Connect protocol', async () => {
    const client = createClient(mandate.MandateService, createConnectTransport({ baseUrl: url(), httpVersion: '2' }));
    expect((await client.getMandate({ merchantId: 'MR1', id: 'MD_connect' })).mandate?.id).toBe('MD_connect');
  });

  it('the server stream of grpc.health.v1 Watch, next to its unary Check', async () => {
    const client = createClient(health.Health, createGrpcTransport({ baseUrl: url() }));
    expect((await client.check({ service: mandate.MandateService.typeName })).status).toBe(
      health.HealthCheckResponse_ServingStatus.SERVING,
    );
    const controller = new AbortController();
    const stream = client.watch({ service: '' }, { signal: controller.signal });
    const first = await stream[Symbol.asyncIterator]().next();
    expect(first.value?.status).toBe(health.HealthCheckResponse_ServingStatus.SERVING);
    controller.abort();
  });
});
