import { timestampDate } from '@bufbuild/protobuf/wkt';
import { mandate as pb, sandboxClock } from '@vrp/contracts';
import { createServiceClient } from '@vrp/grpc';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConnectorStub, type ConnectorStub } from './connector-stub.js';
import { apiError, newMerchantId, startHarness, type Harness } from './fixtures.js';

// Mandate requests through the real rpcs, on real Postgres and NATS, with the bank connector on a
// real gRPC server of its own (a stub that stages one consent per mandate, as the connector does).
let h: Harness;
let bank: ConnectorStub;
beforeAll(async () => {
  bank = await startConnectorStub();
  h = await startHarness({ CONNECTOR_SERVICE_URL: bank.url, MANDATE_REQUEST_EXPIRY_INTERVAL: '50ms' });
}, 30_000);
afterAll(async () => {
  await h?.close();
  await bank?.stop();
}, 30_000);

const creditorAccount = { scheme: 'UK.OBIE.SortCodeAccountNumber', identification: '10000112345678', name: 'Acme Gym' };

/** What a test changes of the default request. */
type Overrides = Partial<{
  customerId: string;
  currency: string;
  maximumAmountMinor: bigint;
  expiresInSeconds: number;
  idempotency: { key: string; fingerprint: string };
}>;

async function newRequest(merchantId: string, overrides: Overrides = {}) {
  const customerId = overrides.customerId ?? (await h.client.createCustomer({ merchantId })).customer!.id;
  const { mandateRequest } = await h.client.requestMandate({
    merchantId,
    merchantPayoutCurrency: 'GBP',
    customerId,
    maximumAmountMinor: 5_000n,
    currency: 'GBP',
    frequency: pb.Frequency.MONTHLY,
    description: 'Gym membership',
    redirectUri: 'https://merchant.example/done',
    creditorAccount,
    ...overrides,
  });
  return mandateRequest!;
}

/** The events of `merchantId` on the stream, as `type resource-id` lines. */
async function eventsOf(merchantId: string): Promise<string[]> {
  return (await h.stream.events()).filter((e) => e.merchantId === merchantId).map((e) => `${e.eventType} ${e.resource.value?.id}`);
}

describe('mandate requests', { timeout: 30_000 }, () => {
  it('are created awaiting authorisation with the mandate id reserved and the consent staged after the row', async () => {
    const merchantId = newMerchantId();
    const r = await newRequest(merchantId, { expiresInSeconds: 600 });
    expect(r.id).toMatch(/^MQ/);
    expect(r.mandateId).toMatch(/^MD/);
    expect(r.status).toBe(pb.MandateRequestStatus.AWAITING_AUTHORISATION);
    expect(r.authorisationUrl).toBe(`http://127.0.0.1:8080/v1/bank/authorise/${bank.staged.get(r.mandateId)}`);
    expect(timestampDate(r.expiresAt!).getTime() - timestampDate(r.createdAt!).getTime()).toBe(600_000);
    const call = bank.stageCalls.find((c) => c.mandateId === r.mandateId)!;
    expect(call).toMatchObject({
      merchantId,
      mandateRequestId: r.id,
      customerId: r.customerId,
      returnUri: 'https://merchant.example/done',
    });
    expect(call.creditorAccount).toMatchObject(creditorAccount);
    expect(call.terms).toMatchObject({ maximumAmountMinor: 5_000n, currency: 'GBP', description: 'Gym membership' });
    // The customer's SCA is not needed to ask; no mandate exists yet.
    expect(await apiError(h.client.getMandate({ merchantId, id: r.mandateId }))).toMatchObject({ code: 'not_found' });
    const { mandateRequest } = await h.client.describeMandateRequest({ merchantId, id: r.id });
    expect(mandateRequest).toEqual(r);
    expect(await apiError(h.client.describeMandateRequest({ merchantId: newMerchantId(), id: r.id }))).toMatchObject({ code: 'not_found' });
  });

  it('check the terms as a mandate create does, and refuse customers that are not the merchant’s or were erased', async () => {
    const merchantId = newMerchantId();
    const refused = async (o: Overrides) => {
      const err = await apiError(newRequest(merchantId, o));
      return [err.code, err.param];
    };
    expect(await refused({ currency: 'EUR' })).toEqual(['currency_mismatch', 'currency']);
    expect(await refused({ maximumAmountMinor: 0n })).toEqual(['validation_error', 'maximum_amount']);
    expect(await refused({ expiresInSeconds: 59 })).toEqual(['validation_error', 'expires_in']);
    expect(await refused({ expiresInSeconds: 86_401 })).toEqual(['validation_error', 'expires_in']);
    expect(await refused({ customerId: 'CU-NOBODY' })).toEqual(['customer_not_found', 'customer_id']);
    const other = (await h.client.createCustomer({ merchantId: newMerchantId() })).customer!;
    expect(await refused({ customerId: other.id })).toEqual(['customer_not_found', 'customer_id']);
    const erased = (await h.client.createCustomer({ merchantId })).customer!;
    await h.client.eraseCustomer({ merchantId, id: erased.id });
    expect(await refused({ customerId: erased.id })).toEqual(['customer_erased', 'customer_id']);
  });

  it('stage one consent for one request when the same create races itself with an Idempotency-Key', async () => {
    const merchantId = newMerchantId();
    const customerId = (await h.client.createCustomer({ merchantId })).customer!.id;
    const idempotency = { key: 'race-1', fingerprint: 'f1' };
    const before = bank.stageCalls.length;
    const results = await Promise.all(Array.from({ length: 6 }, () => newRequest(merchantId, { customerId, idempotency })));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(new Set(results.map((r) => r.authorisationUrl)).size).toBe(1);
    const { mandateRequests } = await h.client.listMandateRequests({ merchantId });
    expect(mandateRequests.map((r) => r.id)).toEqual([results[0]!.id]);
    // Every call that reached the connector named the one reserved mandate: one consent at the bank.
    const calls = bank.stageCalls.slice(before);
    expect(new Set(calls.map((c) => c.mandateId))).toEqual(new Set([results[0]!.mandateId]));
  });

  it('on approval complete the customer’s SCA and create and activate the mandate, once, with their events', async () => {
    const merchantId = newMerchantId();
    const r = await newRequest(merchantId);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        h.client.recordMandateRequestOutcome({ merchantId, id: r.id, outcome: pb.MandateRequestOutcome.AUTHORISED }),
      ),
    );
    expect(outcomes.every((o) => o.status === 'fulfilled')).toBe(true);
    const { mandateRequest, mandate } = (outcomes[0] as PromiseFulfilledResult<pb.RecordMandateRequestOutcomeResponse>).value;
    expect(mandateRequest!.status).toBe(pb.MandateRequestStatus.AUTHORISED);
    expect(mandate).toMatchObject({ id: r.mandateId, status: pb.MandateStatus.ACTIVE, mandateRequestId: r.id, maximumAmountMinor: 5_000n });
    expect((await h.client.getCustomer({ merchantId, id: r.customerId })).customer!.scaCompleted).toBe(true);
    // A decline after the approval changes nothing.
    expect(
      await apiError(h.client.recordMandateRequestOutcome({ merchantId, id: r.id, outcome: pb.MandateRequestOutcome.DECLINED })),
    ).toMatchObject({
      code: 'invalid_state_transition',
    });
    await waitFor(async () => (await eventsOf(merchantId)).length === 3, { what: 'three events' });
    expect((await eventsOf(merchantId)).sort()).toEqual(
      [`mandate.created ${r.mandateId}`, `mandate.activated ${r.mandateId}`, `mandate_request.authorised ${r.id}`].sort(),
    );
    const created = (await h.stream.events()).find((e) => e.eventType === 'mandate.created' && e.merchantId === merchantId)!;
    expect((created.resource.value as pb.Mandate).mandateRequestId).toBe(r.id);
  });

  it('end declined, or cancelled by the merchant (the consent deleted at the bank), and never move again', async () => {
    const merchantId = newMerchantId();
    const declined = await newRequest(merchantId);
    const { mandateRequest } = await h.client.recordMandateRequestOutcome({
      merchantId,
      id: declined.id,
      outcome: pb.MandateRequestOutcome.DECLINED,
    });
    expect(mandateRequest!.status).toBe(pb.MandateRequestStatus.DECLINED);
    expect(await apiError(h.client.withdrawMandateRequest({ merchantId, id: declined.id }))).toMatchObject({
      code: 'invalid_state_transition',
    });

    const cancelled = await newRequest(merchantId);
    const [a, b] = await Promise.allSettled([
      h.client.withdrawMandateRequest({ merchantId, id: cancelled.id }),
      h.client.recordMandateRequestOutcome({ merchantId, id: cancelled.id, outcome: pb.MandateRequestOutcome.AUTHORISED }),
    ]);
    // Exactly one of the racing ends wins.
    expect([a.status, b.status].filter((s) => s === 'fulfilled')).toHaveLength(1);
    const end = (await h.client.describeMandateRequest({ merchantId, id: cancelled.id })).mandateRequest!;
    if (end.status === pb.MandateRequestStatus.CANCELLED) {
      expect(bank.cancelled).toContain(cancelled.mandateId);
      expect(await apiError(h.client.getMandate({ merchantId, id: cancelled.mandateId }))).toMatchObject({ code: 'not_found' });
    } else {
      expect(end.status).toBe(pb.MandateRequestStatus.AUTHORISED);
    }
    await waitFor(async () => (await eventsOf(merchantId)).includes(`mandate_request.declined ${declined.id}`), { what: 'the decline' });
    expect(await apiError(h.client.withdrawMandateRequest({ merchantId, id: 'MQ-NONE' }))).toMatchObject({ code: 'not_found' });
  });

  it('expire when their time runs out on the merchant’s clock (mandate_request.expired)', async () => {
    const merchantId = newMerchantId();
    const r = await newRequest(merchantId, { expiresInSeconds: 60 });
    const clocks = createServiceClient(sandboxClock.SandboxClockService, { baseUrl: `http://127.0.0.1:${h.service.port}` });
    try {
      await clocks.setSandboxClock({ merchantId, offsetMs: 61_000n });
    } finally {
      clocks.close();
    }
    const expired = await waitFor(
      async () => {
        const { mandateRequest } = await h.client.describeMandateRequest({ merchantId, id: r.id });
        return mandateRequest!.status === pb.MandateRequestStatus.EXPIRED ? mandateRequest : undefined;
      },
      { what: 'the expiry' },
    );
    expect(expired.endedAt).toEqual(r.expiresAt);
    await waitFor(async () => (await eventsOf(merchantId)).includes(`mandate_request.expired ${r.id}`), {
      what: 'mandate_request.expired',
    });
    expect(
      await apiError(h.client.recordMandateRequestOutcome({ merchantId, id: r.id, outcome: pb.MandateRequestOutcome.AUTHORISED })),
    ).toMatchObject({
      code: 'invalid_state_transition',
    });
  });

  it('exist without a link while the bank cannot be reached, and are staged when read again', async () => {
    const merchantId = newMerchantId();
    const customerId = (await h.client.createCustomer({ merchantId })).customer!.id;
    bank.unavailable = true;
    try {
      expect(await apiError(newRequest(merchantId, { customerId, idempotency: { key: 'k', fingerprint: 'f' } }))).toMatchObject({
        code: 'service_unavailable',
      });
    } finally {
      bank.unavailable = false;
    }
    const { mandateRequests } = await h.client.listMandateRequests({ merchantId });
    expect(mandateRequests).toHaveLength(1);
    expect(mandateRequests[0]!.authorisationUrl).toBe('');
    const again = await newRequest(merchantId, { customerId, idempotency: { key: 'k', fingerprint: 'f' } });
    expect(again.id).toBe(mandateRequests[0]!.id);
    expect(again.authorisationUrl).toContain('/v1/bank/authorise/');
  });
});
