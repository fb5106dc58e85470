// A standard gRPC client (grpc-js + proto-loader reading the .proto files) against the service,
// to prove the wire contract does not depend on the connect stack on both ends.
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { common } from '@vrp/contracts';
import { fromBinary } from '@bufbuild/protobuf';
import { BinaryReader } from '@bufbuild/protobuf/wire';
import { REPO_ROOT } from '@vrp/testing';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMerchantId, startHarness, type Harness } from './fixtures.js';

const require = createRequire(import.meta.url);
const healthProto = require.resolve('grpc-health-check/proto/health/v1/health.proto');
// google/protobuf/*.proto ship with protobufjs, which proto-loader is built on.
const googleProtos = path.dirname(require.resolve('protobufjs/package.json'));
const loaderOptions = { keepCase: false, longs: String, enums: String, defaults: true, oneofs: true };

type Unary = (req: object, cb: (err: grpc.ServiceError | null, res: Record<string, unknown>) => void) => void;
type AnyClient = grpc.Client & Record<string, Unary>;

function call<T = Record<string, unknown>>(client: AnyClient, method: string, req: object): Promise<T> {
  return new Promise((resolve, reject) => client[method]!.call(client, req, (err, res) => (err ? reject(err) : resolve(res as T))));
}

async function failure(promise: Promise<unknown>): Promise<grpc.ServiceError> {
  try {
    await promise;
  } catch (err) {
    return err as grpc.ServiceError;
  }
  throw new Error('expected the call to fail');
}

/** Decodes google.rpc.Status { code = 1; message = 2; repeated Any details = 3 } by hand. */
function decodeStatus(bytes: Uint8Array): { code: number; message: string; details: { typeUrl: string; value: Uint8Array }[] } {
  const out = { code: 0, message: '', details: [] as { typeUrl: string; value: Uint8Array }[] };
  const reader = new BinaryReader(bytes);
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === 1) out.code = reader.int32();
    else if (field === 2) out.message = reader.string();
    else if (field === 3) {
      const any = new BinaryReader(reader.bytes());
      const entry: { typeUrl: string; value: Uint8Array } = { typeUrl: '', value: new Uint8Array() };
      while (any.pos < any.len) {
        const [f, wt] = any.tag();
        if (f === 1) entry.typeUrl = any.string();
        else if (f === 2) entry.value = any.bytes();
        else any.skip(wt);
      }
      out.details.push(entry);
    } else reader.skip(wireType);
  }
  return out;
}

let h: Harness;
let mandates: AnyClient;
let health: AnyClient;

beforeAll(async () => {
  h = await startHarness();
  const defs = protoLoader.loadSync(['vrp/mandate/v1/mandate.proto', healthProto], {
    ...loaderOptions,
    includeDirs: [path.join(REPO_ROOT, 'proto'), googleProtos],
  });
  const loaded = grpc.loadPackageDefinition(defs) as unknown as {
    vrp: { mandate: { v1: { MandateService: grpc.ServiceClientConstructor } } };
    grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } };
  };
  const address = `127.0.0.1:${h.service.port}`;
  mandates = new loaded.vrp.mandate.v1.MandateService(address, grpc.credentials.createInsecure()) as unknown as AnyClient;
  health = new loaded.grpc.health.v1.Health(address, grpc.credentials.createInsecure()) as unknown as AnyClient;
}, 30_000);
afterAll(async () => {
  mandates?.close();
  health?.close();
  await h?.close();
}, 30_000);

describe('a plain grpc-js client', { timeout: 20_000 }, () => {
  it('creates a customer and a mandate and reads the mandate back', async () => {
    const merchantId = newMerchantId();
    const { customer } = await call<{ customer: { id: string; scaCompleted: boolean } }>(mandates, 'CreateCustomer', {
      merchantId,
      scaCompleted: true,
    });
    expect(customer.scaCompleted).toBe(true);
    const { mandate } = await call<{ mandate: Record<string, unknown> }>(mandates, 'CreateMandate', {
      merchantId,
      merchantPayoutCurrency: 'EUR',
      customerId: customer.id,
      maximumAmountMinor: '2500',
      currency: 'EUR',
      frequency: 'FREQUENCY_ADHOC',
      description: 'Top-ups',
      metadata: { fields: { ref: { stringValue: 'A-1' } } },
    });
    expect(mandate).toMatchObject({ status: 'MANDATE_STATUS_PENDING_SCA', maximumAmountMinor: '2500', frequency: 'FREQUENCY_ADHOC' });
    const got = await call<{ mandate: Record<string, unknown> }>(mandates, 'GetMandate', { merchantId, id: mandate.id });
    expect(got.mandate).toEqual(mandate);
    expect(got.mandate.metadata).toEqual({ fields: { ref: { stringValue: 'A-1', kind: 'stringValue' } } });
  });

  it('sees customer_sca_incomplete as FAILED_PRECONDITION with the reason in grpc-status-details-bin', async () => {
    const merchantId = newMerchantId();
    const { customer } = await call<{ customer: { id: string } }>(mandates, 'CreateCustomer', { merchantId, scaCompleted: false });
    const err = await failure(
      call(mandates, 'CreateMandate', {
        merchantId,
        merchantPayoutCurrency: 'GBP',
        customerId: customer.id,
        maximumAmountMinor: '100',
        currency: 'GBP',
        frequency: 'FREQUENCY_DAILY',
      }),
    );
    expect(err.code).toBe(grpc.status.FAILED_PRECONDITION);
    const [details] = err.metadata.get('grpc-status-details-bin') as Buffer[];
    expect(details).toBeDefined();
    const status = decodeStatus(details!);
    expect(status.code).toBe(grpc.status.FAILED_PRECONDITION);
    expect(status.details.map((d) => d.typeUrl)).toEqual(['type.googleapis.com/vrp.common.v1.ErrorDetail']);
    expect(fromBinary(common.ErrorDetailSchema, status.details[0]!.value)).toMatchObject({
      reason: 'customer_sca_incomplete',
      param: 'customer_id',
    });
  });

  it('reports SERVING through grpc.health.v1, for the server and for MandateService', async () => {
    expect(await call(health, 'Check', { service: '' })).toEqual({ status: 'SERVING' });
    expect(await call(health, 'Check', { service: 'vrp.mandate.v1.MandateService' })).toEqual({ status: 'SERVING' });
    expect((await failure(call(health, 'Check', { service: 'nope.Service' }))).code).toBe(grpc.status.NOT_FOUND);
  });
});
