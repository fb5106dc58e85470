import { mandate } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, type GrpcServer } from '../src/index.js';
import { startMandateServer } from './support/mandate-server.js';

// A real server whose handlers fail the ways services do, called over a real socket.
let server: GrpcServer;
beforeAll(async () => {
  server = await startMandateServer({
    createMandate: () => {
      throw new ApiError('validation_error', 'The request has 2 problems', {
        param: 'amount',
        details: [
          { param: 'amount', message: 'must be a decimal string' },
          { param: 'metadata[plan]', message: 'metadata values must be at most 200 characters' },
        ],
      });
    },
    getMandate: () => {
      throw new ApiError('rate_limited', 'Slow down', { retryAfter: 7 });
    },
  });
});
afterAll(() => server?.close());

const failureOf = async (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err: unknown) => err as ApiError,
  );

describe('ErrorDetail over gRPC', () => {
  it('carries every field problem and the retry advice across the hop, not only the reason', async () => {
    const client = createServiceClient(mandate.MandateService, { baseUrl: `http://127.0.0.1:${server.port}` });
    try {
      const invalid = await failureOf(client.createMandate({ merchantId: 'MR1' }));
      expect(invalid).toBeInstanceOf(ApiError);
      expect(invalid).toMatchObject({ code: 'validation_error', param: 'amount', message: 'The request has 2 problems' });
      expect(invalid!.details).toEqual([
        { param: 'amount', message: 'must be a decimal string' },
        { param: 'metadata[plan]', message: 'metadata values must be at most 200 characters' },
      ]);
      const limited = await failureOf(client.getMandate({ merchantId: 'MR1', id: 'MD1' }));
      expect(limited).toMatchObject({ code: 'rate_limited', retryAfter: 7 });
      expect(limited!.details).toBeUndefined();
    } finally {
      client.close();
    }
  });
});
