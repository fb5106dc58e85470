import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { mandate as pb, sandboxClock } from '@vrp/contracts';
import { createServiceClient } from '@vrp/grpc';
import { waitFor } from '@vrp/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { apiError, newMerchantId, seedMandate, startHarness, type Harness } from './fixtures.js';

const { MandateStatus: S, RevokedBy } = pb;
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ MANDATE_EXPIRY_INTERVAL: '50ms' });
}, 30_000);
afterAll(() => h?.close(), 30_000);

const eventTypesOf = async (id: string, count: number) =>
  waitFor(
    async () => {
      const all = (await h.stream.events()).filter((e) => e.resource.case === 'mandate' && e.resource.value.id === id);
      return all.length >= count ? all.map((e) => [e.eventType, (e.resource.value as pb.Mandate).status] as const) : undefined;
    },
    { what: `${count} events of ${id}` },
  );

async function mandateEndingIn(merchantId: string, ms: number): Promise<pb.Mandate> {
  const customerId = (await h.client.createCustomer({ merchantId, scaCompleted: true })).customer!.id;
  const { mandate } = await h.client.createMandate({
    merchantId,
    merchantPayoutCurrency: 'GBP',
    customerId,
    maximumAmountMinor: 5_000n,
    currency: 'GBP',
    frequency: pb.Frequency.ADHOC,
    description: 'Ends soon',
    controls: { validTo: timestampFromDate(new Date(Date.now() + ms)), periodicLimits: [] },
  });
  return mandate!;
}

describe('why a mandate was revoked or suspended', { timeout: 30_000 }, () => {
  it('keeps revocation_reason and suspension_reason exactly while the status they explain lasts', async () => {
    const merchantId = newMerchantId();
    const atBank = await seedMandate(h.client, merchantId);
    const refused = await seedMandate(h.client, merchantId);
    const cancelled = await seedMandate(h.client, merchantId);
    const closed = await seedMandate(h.client, merchantId);
    for (const m of [refused, closed]) await h.client.activateMandate({ merchantId, id: m.id });

    expect((await h.client.revokeMandate({ merchantId, id: atBank.id, by: RevokedBy.CUSTOMER })).mandate).toMatchObject({
      status: S.REVOKED,
      revokedBy: RevokedBy.CUSTOMER,
      revocationReason: 'consent_revoked_at_bank',
    });
    const byPayment = await h.client.revokeMandate({
      merchantId,
      id: refused.id,
      by: RevokedBy.BANK,
      reason: 'payment_refused_consent_revoked',
    });
    expect(byPayment.mandate).toMatchObject({ revokedBy: RevokedBy.BANK, revocationReason: 'payment_refused_consent_revoked' });
    expect((await h.client.cancelMandate({ merchantId, id: cancelled.id })).mandate?.revocationReason).toBe('merchant_cancelled');

    const suspended = (await h.client.suspendMandate({ merchantId, id: closed.id, reason: 'account_closed' })).mandate!;
    expect(suspended).toMatchObject({ status: S.SUSPENDED, suspensionReason: 'account_closed' });
    expect((await h.client.getMandate({ merchantId, id: closed.id })).mandate?.suspensionReason).toBe('account_closed');
    expect((await h.client.reinstateMandate({ merchantId, id: closed.id })).mandate?.suspensionReason).toBe('');
    expect((await h.client.suspendMandate({ merchantId, id: closed.id })).mandate?.suspensionReason).toBe('risk_review');
  });

  it('refuses a reason it does not know, naming the param', async () => {
    const merchantId = newMerchantId();
    const { id } = await seedMandate(h.client, merchantId);
    const bad = await apiError(h.client.revokeMandate({ merchantId, id, by: RevokedBy.BANK, reason: 'gremlins' }));
    expect([bad.code, bad.param]).toEqual(['validation_error', 'reason']);
    await h.client.activateMandate({ merchantId, id });
    const alsoBad = await apiError(h.client.suspendMandate({ merchantId, id, reason: 'merchant_cancelled' }));
    expect([alsoBad.code, alsoBad.param]).toEqual(['validation_error', 'reason']);
    expect((await h.client.getMandate({ merchantId, id })).mandate?.status).toBe(S.ACTIVE);
  });

  it('the database refuses a revoked mandate without a reason, or a reason on a live one', async () => {
    const merchantId = newMerchantId();
    const { id } = await seedMandate(h.client, merchantId);
    const db = new pg.Client({ connectionString: h.db.url });
    await db.connect();
    onTestFinished(() => db.end());
    await expect(
      db.query(`UPDATE mandate.mandates SET status = 'revoked', revoked_at = now(), revoked_by = 'bank' WHERE id = $1`, [id]),
    ).rejects.toThrow(/mandates_revocation_reason_check/);
    await expect(db.query(`UPDATE mandate.mandates SET suspension_reason = 'account_closed' WHERE id = $1`, [id])).rejects.toThrow(
      /mandates_suspension_reason_check/,
    );
  });
});

describe('expiry', { timeout: 30_000 }, () => {
  it('moves a live mandate past valid_to to expired with one mandate.expired; expired is final', async () => {
    const merchantId = newMerchantId();
    const pending = await mandateEndingIn(merchantId, 400);
    const active = await mandateEndingIn(merchantId, 400);
    await h.client.activateMandate({ merchantId, id: active.id });
    for (const m of [pending, active]) {
      await waitFor(async () => (await h.client.getMandate({ merchantId, id: m.id })).mandate?.status === S.EXPIRED, {
        what: `${m.id} expired`,
      });
    }
    expect(await eventTypesOf(active.id, 3)).toEqual([
      ['mandate.created', S.PENDING_SCA],
      ['mandate.activated', S.ACTIVE],
      ['mandate.expired', S.EXPIRED],
    ]);
    expect((await eventTypesOf(pending.id, 2)).map(([t]) => t)).toEqual(['mandate.created', 'mandate.expired']);
    expect((await apiError(h.client.cancelMandate({ merchantId, id: active.id }))).code).toBe('mandate_not_cancellable');
    expect((await apiError(h.client.activateMandate({ merchantId, id: pending.id }))).code).toBe('invalid_state_transition');
    // Several sweeps later, still exactly one event.
    await new Promise((r) => setTimeout(r, 300));
    expect((await eventTypesOf(active.id, 3)).filter(([t]) => t === 'mandate.expired')).toHaveLength(1);
  });

  it('follows the merchant’s sandbox clock: an advance past valid_to expires it promptly', async () => {
    const merchantId = newMerchantId();
    const m = await mandateEndingIn(merchantId, 3_600_000);
    await h.client.activateMandate({ merchantId, id: m.id });
    const other = newMerchantId();
    const untouched = await mandateEndingIn(other, 3_600_000);
    const clocks = createServiceClient(sandboxClock.SandboxClockService, { baseUrl: `http://127.0.0.1:${h.service.port}` });
    try {
      await clocks.setSandboxClock({ merchantId, offsetMs: 3_601_000n });
    } finally {
      clocks.close();
    }
    await waitFor(async () => (await h.client.getMandate({ merchantId, id: m.id })).mandate?.status === S.EXPIRED, { what: 'expired' });
    expect((await h.client.getMandate({ merchantId: other, id: untouched.id })).mandate?.status).toBe(S.PENDING_SCA);
  });
});
