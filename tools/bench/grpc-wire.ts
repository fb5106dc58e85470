// CPU per unary gRPC call, client and server in one process, with the hand-written codec and
// transport and with the libraries (protobuf-es, connect-node), alternating rounds. See README.md.
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { payment } from '@vrp/contracts';
import { createServiceClient, startGrpcServer, useGrpcWire, type GrpcWire } from '@vrp/grpc';
import { createLogger } from '@vrp/logging';

const CALLS = Number(process.env.BENCH_CALLS ?? 4000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = 16;

const at = timestampFromDate(new Date('2026-11-28T10:00:00Z'));
const onePayment = (i: number) =>
  create(payment.PaymentSchema, {
    id: `PM${String(i).padStart(24, '0')}`,
    merchantId: 'MR00000000000000000000000001',
    mandateId: `MD${String(i).padStart(24, '0')}`,
    amountMinor: 1250n,
    currency: 'GBP',
    status: payment.PaymentStatus.SETTLED,
    settlementDate: '2026-11-28',
    metadata: { order: `order-${i}`, customer: 'cus_123' },
    createdAt: at,
    timeline: ['pending', 'submitted', 'settled'].map((status) => ({ status, at })),
    reference: 'INV 2026-11 0001',
    endToEndId: `E2E${i}`,
  });
const page = Array.from({ length: 20 }, (_, i) => onePayment(i));

const modes: Record<string, GrpcWire> = {
  'hand-written': { codec: 'compiled', transport: 'hand' },
  library: { codec: 'library', transport: 'library' },
};

async function measure(wire: GrpcWire): Promise<{ create: number; list: number }> {
  useGrpcWire(wire);
  const server = await startGrpcServer({
    port: 0,
    serviceNames: [payment.PaymentService.typeName],
    logger: createLogger('bench', { level: 'silent' }),
    routes: (router) =>
      router.service(payment.PaymentService, {
        createPayment: (req) => ({ payment: { ...onePayment(1), amountMinor: req.amountMinor, metadata: req.metadata } }),
        listPayments: () => ({ payments: page, pageInfo: { hasMore: true } }),
      }),
  });
  const client = createServiceClient(payment.PaymentService, { baseUrl: `http://127.0.0.1:${server.port}`, timeoutMs: 60_000 });
  const run = async (call: () => Promise<unknown>, n: number): Promise<number> => {
    let next = 0;
    const before = process.cpuUsage();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < n) await call();
      }),
    );
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000 / n;
  };
  const createOne = () =>
    client.createPayment({
      merchantId: 'MR1',
      mandateId: 'MD1',
      amountMinor: 1250n,
      currency: 'GBP',
      metadata: { order: 'o-1' },
      reference: 'INV 1',
    });
  const listOne = () => client.listPayments({ merchantId: 'MR1', page: { pageSize: 20 } });
  await run(createOne, CALLS / 2);
  await run(listOne, CALLS / 4);
  const result = { create: await run(createOne, CALLS), list: await run(listOne, CALLS / 2) };
  client.close();
  await server.close();
  return result;
}

const results: Record<string, { create: number[]; list: number[] }> = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, wire] of Object.entries(modes)) {
    const r = await measure(wire);
    (results[name] ??= { create: [], list: [] }).create.push(r.create);
    results[name].list.push(r.list);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`CPU ms per unary call, client and server together (median of ${ROUNDS} rounds, ${CALLS} calls each, ${CONCURRENCY} at once)`);
console.log('mode          | CreatePayment | ListPayments (20)');
for (const [name, r] of Object.entries(results))
  console.log(`${name.padEnd(13)} | ${median(r.create).toFixed(3).padStart(13)} | ${median(r.list).toFixed(3).padStart(17)}`);
const h = results['hand-written']!;
const l = results.library!;
console.log(
  `library - hand-written: CreatePayment +${(median(l.create) - median(h.create)).toFixed(3)} ms, ListPayments +${(median(l.list) - median(h.list)).toFixed(3)} ms per call`,
);
process.exit(0);
