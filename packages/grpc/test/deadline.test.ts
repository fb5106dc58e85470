import http2 from 'node:http2';
import { create, toBinary } from '@bufbuild/protobuf';
import { ConnectError } from '@connectrpc/connect';
import { mandate } from '@vrp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GrpcServer } from '../src/index.js';
import { GRPC_CONTENT_TYPE, frame, grpcTimeoutMs } from '@vrp/grpc-fast';
import { startMandateServer } from './support/mandate-server.js';

/**
 * A caller's grpc-timeout is the server's deadline too: a peer that sends one and then just
 * waits (it does not reset the stream itself) gets DEADLINE_EXCEEDED, and the handler's signal
 * tells it to stop.
 */
let server: GrpcServer;
const reasons: unknown[] = [];
beforeAll(async () => {
  server = await startMandateServer({
    // Never answers by itself: it ends when its signal aborts.
    getMandate: (_req, context) =>
      new Promise((_resolve, reject) => {
        context.signal.addEventListener('abort', () => {
          reasons.push(context.signal.reason);
          reject(context.signal.reason as Error);
        });
      }),
  });
});
afterAll(() => server?.close());

/** One unary call over a bare HTTP/2 stream that waits for the server, however long it takes. */
function patientCall(timeout: string): Promise<http2.IncomingHttpHeaders> {
  const session = http2.connect(`http://127.0.0.1:${server.port}`);
  return new Promise<http2.IncomingHttpHeaders>((resolve, reject) => {
    const stream = session.request({
      ':method': 'POST',
      ':path': '/vrp.mandate.v1.MandateService/GetMandate',
      'content-type': GRPC_CONTENT_TYPE,
      te: 'trailers',
      'grpc-timeout': timeout,
    });
    let answer: http2.IncomingHttpHeaders = {};
    stream.on('response', (headers) => (answer = { ...answer, ...headers }));
    stream.on('trailers', (trailers) => (answer = { ...answer, ...trailers }));
    stream.on('error', reject);
    stream.on('close', () => resolve(answer));
    stream.resume();
    stream.end(
      frame(toBinary(mandate.GetMandateRequestSchema, create(mandate.GetMandateRequestSchema, { merchantId: 'MR1', id: 'MD_1' }))),
    );
  }).finally(() => session.close());
}

describe('a unary call whose deadline passes on the server', () => {
  it('ends DEADLINE_EXCEEDED, with the handler told to stop', async () => {
    const answer = await patientCall('150m');
    expect(answer['grpc-status']).toBe('4');
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toBeInstanceOf(ConnectError);
    expect((reasons[0] as ConnectError).code).toBe(4);
  });

  it('reads grpc-timeout in each of its units, and ignores a malformed one', () => {
    expect([grpcTimeoutMs('2H'), grpcTimeoutMs('3M'), grpcTimeoutMs('1S'), grpcTimeoutMs('250m')]).toEqual([7_200_000, 180_000, 1000, 250]);
    expect([grpcTimeoutMs('1500u'), grpcTimeoutMs('2000000n')]).toEqual([1.5, 2]);
    expect([grpcTimeoutMs(undefined), grpcTimeoutMs('10'), grpcTimeoutMs('123456789m'), grpcTimeoutMs('-5m')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
