import { mandate as pb } from '@vrp/contracts';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, newMerchantId, seedMandate, startHarness, type Harness } from './fixtures.js';

const { MandateStatus: S, RevokedBy } = pb;
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 30_000);
afterAll(() => h?.close(), 30_000);

/** The events about mandate `id` on the stream, as [type, status] pairs in stream order. */
async function eventsOf(id: string, count: number): Promise<[string, pb.MandateStatus][]> {
  return waitFor(
    async () => {
      const all = (await h.stream.events()).filter((e) => e.resource.case === 'mandate' && e.resource.value.id === id);
      return all.length >= count
        ? all.map((e) => [e.eventType, (e.resource.value as pb.Mandate).status] as [string, pb.MandateStatus])
        : undefined;
    },
    { what: `${count} events of ${id}` },
  );
}

describe('mandate lifecycle', { timeout: 30_000 }, () => {
  it('walks pending_sca → active → suspended → active → revoked, with one event per move in order', async () => {
    const merchantId = newMerchantId();
    const created = await seedMandate(h.client, merchantId);
    expect(created).toMatchObject({
      status: S.PENDING_SCA,
      merchantId,
      currency: 'GBP',
      maximumAmountMinor: 10_000n,
      frequency: pb.Frequency.MONTHLY,
    });
    const { id } = created;

    expect((await h.client.activateMandate({ merchantId, id })).mandate?.status).toBe(S.ACTIVE);
    const suspended = (await h.client.suspendMandate({ merchantId, id })).mandate!;
    expect(suspended.status).toBe(S.SUSPENDED);
    expect(suspended.suspendedAt).toBeDefined();
    const reinstated = (await h.client.reinstateMandate({ merchantId, id })).mandate!;
    expect(reinstated.status).toBe(S.ACTIVE);
    expect(reinstated.suspendedAt).toBeUndefined();
    const cancelled = (await h.client.cancelMandate({ merchantId, id })).mandate!;
    expect(cancelled).toMatchObject({ status: S.REVOKED, revokedBy: RevokedBy.MERCHANT });
    expect(cancelled.revokedAt).toBeDefined();

    expect((await h.client.getMandate({ merchantId, id })).mandate).toEqual(cancelled);
    expect(await eventsOf(id, 5)).toEqual([
      ['mandate.created', S.PENDING_SCA],
      ['mandate.activated', S.ACTIVE],
      ['mandate.suspended', S.SUSPENDED],
      ['mandate.activated', S.ACTIVE],
      ['mandate.revoked', S.REVOKED],
    ]);
  });

  it('records revocation by the customer or the bank from pending_sca, active and suspended', async () => {
    const merchantId = newMerchantId();
    const pending = await seedMandate(h.client, merchantId);
    const active = await seedMandate(h.client, merchantId);
    const suspended = await seedMandate(h.client, merchantId);
    await h.client.activateMandate({ merchantId, id: active.id });
    await h.client.activateMandate({ merchantId, id: suspended.id });
    await h.client.suspendMandate({ merchantId, id: suspended.id });

    const byCustomer = (await h.client.revokeMandate({ merchantId, id: pending.id, by: RevokedBy.CUSTOMER })).mandate!;
    expect(byCustomer).toMatchObject({ status: S.REVOKED, revokedBy: RevokedBy.CUSTOMER });
    expect((await h.client.revokeMandate({ merchantId, id: active.id, by: RevokedBy.BANK })).mandate?.revokedBy).toBe(RevokedBy.BANK);
    const fromSuspended = (await h.client.cancelMandate({ merchantId, id: suspended.id })).mandate!;
    expect(fromSuspended).toMatchObject({ status: S.REVOKED, revokedBy: RevokedBy.MERCHANT });
    expect(fromSuspended.suspendedAt).toBeUndefined();
    expect(await eventsOf(pending.id, 2)).toEqual([
      ['mandate.created', S.PENDING_SCA],
      ['mandate.revoked', S.REVOKED],
    ]);
    expect((await eventsOf(suspended.id, 4)).map(([t]) => t)).toEqual([
      'mandate.created',
      'mandate.activated',
      'mandate.suspended',
      'mandate.revoked',
    ]);
  });

  it('refuses moves the status does not allow, and writes no event for them', async () => {
    const merchantId = newMerchantId();
    const { id } = await seedMandate(h.client, merchantId);
    expect((await apiError(h.client.suspendMandate({ merchantId, id }))).code).toBe('invalid_state_transition');
    expect((await apiError(h.client.reinstateMandate({ merchantId, id }))).code).toBe('invalid_state_transition');
    await h.client.activateMandate({ merchantId, id });
    expect((await apiError(h.client.activateMandate({ merchantId, id }))).code).toBe('invalid_state_transition');
    expect((await apiError(h.client.reinstateMandate({ merchantId, id }))).code).toBe('invalid_state_transition');
    await h.client.cancelMandate({ merchantId, id });
    expect((await apiError(h.client.cancelMandate({ merchantId, id }))).code).toBe('mandate_not_cancellable');
    for (const call of [
      () => h.client.revokeMandate({ merchantId, id, by: RevokedBy.BANK }),
      () => h.client.activateMandate({ merchantId, id }),
      () => h.client.suspendMandate({ merchantId, id }),
      () => h.client.reinstateMandate({ merchantId, id }),
    ]) {
      expect((await apiError(call())).code).toBe('invalid_state_transition');
    }
    expect((await h.client.getMandate({ merchantId, id })).mandate?.revokedBy).toBe(RevokedBy.MERCHANT);
    // The relay publishes in commit order: once a later mandate's event is out, so is anything refused moves wrote.
    const marker = await seedMandate(h.client, merchantId);
    await eventsOf(marker.id, 1);
    expect((await eventsOf(id, 3)).map(([t]) => t)).toEqual(['mandate.created', 'mandate.activated', 'mandate.revoked']);
  });

  it('a revocation must name the customer or the bank', async () => {
    const merchantId = newMerchantId();
    const { id } = await seedMandate(h.client, merchantId);
    for (const by of [RevokedBy.UNSPECIFIED, RevokedBy.MERCHANT]) {
      const err = await apiError(h.client.revokeMandate({ merchantId, id, by }));
      expect([err.code, err.param]).toEqual(['validation_error', 'by']);
    }
  });
});

describe('sandbox activation', { timeout: 30_000 }, () => {
  it('activates a pending mandate by itself after the delay, once, with its event — also across a restart', async () => {
    await h.restart({ SANDBOX_ACTIVATION_DELAY_MS: '300' });
    const merchantId = newMerchantId();
    const first = await seedMandate(h.client, merchantId);
    await waitFor(async () => (await h.client.getMandate({ merchantId, id: first.id })).mandate?.status === S.ACTIVE, {
      what: 'auto-activation',
    });
    expect(await eventsOf(first.id, 2)).toEqual([
      ['mandate.created', S.PENDING_SCA],
      ['mandate.activated', S.ACTIVE],
    ]);

    // Created under a service that never activates in time, then picked up by the next one.
    await h.restart({ SANDBOX_ACTIVATION_DELAY_MS: '600000' });
    const second = await seedMandate(h.client, merchantId);
    await h.restart({ SANDBOX_ACTIVATION_DELAY_MS: '200' });
    await waitFor(async () => (await h.client.getMandate({ merchantId, id: second.id })).mandate?.status === S.ACTIVE, {
      what: 'activation after restart',
    });
    expect((await eventsOf(second.id, 2)).map(([t]) => t)).toEqual(['mandate.created', 'mandate.activated']);
  });

  it('never activates by itself in production', async () => {
    await h.restart({ VRP_ENV: 'production', SANDBOX_ACTIVATION_DELAY_MS: '50' });
    const merchantId = newMerchantId();
    const { id } = await seedMandate(h.client, merchantId);
    // Absence cannot be waited for, so time is the behaviour here: a would-be sweeper with a
    // 50 ms delay gets twenty times that to act, and the mandate must still be pending.
    await eventsOf(id, 1);
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await h.client.getMandate({ merchantId, id })).mandate?.status).toBe(S.PENDING_SCA);
    expect((await eventsOf(id, 1)).map(([t]) => t)).toEqual(['mandate.created']);
  });
});
