import { create } from '@bufbuild/protobuf';
import { health, mandate } from '@vrp/contracts';
import { ApiError, markDependencyError } from '@vrp/errors';
import { createLogger, withRequestContext } from '@vrp/logging';
import { Metrics } from '@vrp/metrics';
import { startTracing } from '@vrp/tracing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, startGrpcServer, type GrpcServer } from '../src/index.js';

const lines: Record<string, unknown>[] = [];
const metrics = new Metrics('test');
let server: GrpcServer;
const tracing = startTracing({ service: 'test' });
beforeAll(async () => {
  server = await startGrpcServer({
    port: 0,
    serviceNames: [mandate.MandateService.typeName],
    logger: createLogger('test', { level: 'info', write: (l) => lines.push(JSON.parse(l) as Record<string, unknown>) }),
    metrics,
    routes: (router) =>
      router.service(mandate.MandateService, {
        getMandate: () => {
          throw new ApiError('not_found', 'No such mandate');
        },
        getCustomer: () => create(mandate.GetCustomerResponseSchema, {}),
        cancelMandate: () => {
          throw new ApiError('service_unavailable', 'The payment service cannot be reached; retry.');
        },
        createCustomer: () => {
          throw markDependencyError(new Error('received invalid response: 1'), 'postgres');
        },
      }),
  });
});
afterAll(async () => {
  await server?.close();
  await tracing.shutdown();
});

describe('every RPC is observed', () => {
  it('with one access line (method, code, duration, request id, merchant, trace id) and its count, health probes kept out of the info lines', async () => {
    const client = createServiceClient(mandate.MandateService, { baseUrl: `http://127.0.0.1:${server.port}` });
    const probe = createServiceClient(health.Health, { baseUrl: `http://127.0.0.1:${server.port}` });
    await withRequestContext({ requestId: 'req_rpc_1' }, () => client.getCustomer({ merchantId: 'MR1', id: 'CU1' }));
    await client.getMandate({ merchantId: 'MR1', id: 'MD1' }).catch(() => undefined);
    await probe.check({ service: '' });
    client.close();
    probe.close();
    const rpcs = lines.filter((l) => l.msg === 'rpc');
    expect(rpcs).toHaveLength(2);
    expect(rpcs[0]).toMatchObject({
      method: 'vrp.mandate.v1.MandateService/GetCustomer',
      code: 'OK',
      request_id: 'req_rpc_1',
      merchant_id: 'MR1',
      trace_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      span_id: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(rpcs[1]!.trace_id, 'each call its own trace').not.toBe(rpcs[0]!.trace_id);
    expect(rpcs[0]!.duration_ms).toEqual(expect.any(Number));
    expect(rpcs[1]).toMatchObject({ method: 'vrp.mandate.v1.MandateService/GetMandate', code: 'NotFound' });
    const text = await metrics.registry.metrics();
    expect(text).toContain(
      'rpc_server_call_duration_seconds_count{rpc_system_name="grpc",rpc_method="vrp.mandate.v1.MandateService/GetMandate",rpc_response_status_code="NotFound"} 1',
    );
    expect(text).toContain(
      'rpc_server_call_duration_seconds_count{rpc_system_name="grpc",rpc_method="grpc.health.v1.Health/Check",rpc_response_status_code="OK"} 1',
    );
    expect(text).not.toMatch(/vrp_rpc_requests_total|service="/);
  });
});

describe('every 5xx an RPC answers', () => {
  it('is logged at error level with the request id, whether a use case or a dependency raised it', async () => {
    const client = createServiceClient(mandate.MandateService, { baseUrl: `http://127.0.0.1:${server.port}`, volumeThreshold: 1000 });
    const unavailable = await withRequestContext({ requestId: 'req_5xx_1' }, () =>
      client.cancelMandate({ merchantId: 'MR1', id: 'MD1' }).catch((e: unknown) => e),
    );
    const lost = await withRequestContext({ requestId: 'req_5xx_2' }, () =>
      client.createCustomer({ merchantId: 'MR1' }).catch((e: unknown) => e),
    );
    client.close();
    expect([(unavailable as ApiError).code, (lost as ApiError).code]).toEqual(['service_unavailable', 'service_unavailable']);
    const errors = lines.filter((l) => l.level === 'error');
    expect(errors.find((l) => l.request_id === 'req_5xx_1')).toMatchObject({ msg: 'rpc failed', code: 'service_unavailable' });
    expect(errors.find((l) => l.request_id === 'req_5xx_2')).toMatchObject({ msg: 'rpc failed: a dependency is unavailable' });
  });
});
