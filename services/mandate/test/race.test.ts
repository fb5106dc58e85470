import { mandate as pb } from '@vrp/contracts';
import type { DomainEvent } from '@vrp/outbox';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMerchantId, seedMandate, startHarness, type Harness } from './fixtures.js';

const { RevokedBy } = pb;
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 30_000);
afterAll(() => h?.close(), 30_000);

/** Every event on the stream once the relay has caught up with everything committed so far. */
async function settledEvents(merchantId: string): Promise<DomainEvent[]> {
  // The relay publishes in commit order, so once a fresh mandate's event is out, all earlier ones are.
  const marker = await seedMandate(h.client, merchantId);
  return waitFor(async () => {
    const events = await h.stream.events();
    return events.some((e) => e.resource.value?.id === marker.id) ? events : undefined;
  });
}

function typesOf(events: DomainEvent[], id: string): string[] {
  return events.filter((e) => e.resource.value?.id === id).map((e) => e.eventType);
}

describe('concurrent lifecycle moves', { timeout: 30_000 }, () => {
  it('of conflicting moves exactly the ones that changed the mandate win, each with exactly one event', async () => {
    const merchantId = newMerchantId();
    const mandates = await Promise.all(Array.from({ length: 12 }, () => seedMandate(h.client, merchantId)));
    for (const m of mandates) await h.client.activateMandate({ merchantId, id: m.id });

    const outcomes = await Promise.all(
      mandates.map(async ({ id }) => {
        const calls = {
          cancel: () => h.client.cancelMandate({ merchantId, id }),
          bank: () => h.client.revokeMandate({ merchantId, id, by: RevokedBy.BANK }),
          customer: () => h.client.revokeMandate({ merchantId, id, by: RevokedBy.CUSTOMER }),
          suspend1: () => h.client.suspendMandate({ merchantId, id }),
          suspend2: () => h.client.suspendMandate({ merchantId, id }),
        };
        const settled = await Promise.allSettled(Object.values(calls).map((call) => call()));
        const won = Object.keys(calls).filter((_, i) => settled[i]!.status === 'fulfilled');
        const codes = settled.flatMap((s) => (s.status === 'rejected' ? [(s.reason as { code: string }).code] : []));
        return { id, won, codes };
      }),
    );

    const events = await settledEvents(merchantId);
    for (const { id, won, codes } of outcomes) {
      const revokers = won.filter((w) => ['cancel', 'bank', 'customer'].includes(w));
      const suspends = won.filter((w) => w.startsWith('suspend'));
      expect(revokers).toHaveLength(1);
      expect(suspends.length).toBeLessThanOrEqual(1);
      expect(codes.every((c) => c === 'mandate_not_cancellable' || c === 'invalid_state_transition')).toBe(true);
      const after = typesOf(events, id).slice(2);
      expect(after).toHaveLength(won.length);
      expect(after.filter((t) => t === 'mandate.revoked')).toHaveLength(1);
      expect(after.at(-1)).toBe('mandate.revoked');
      const final = (await h.client.getMandate({ merchantId, id })).mandate!;
      const by = { cancel: RevokedBy.MERCHANT, bank: RevokedBy.BANK, customer: RevokedBy.CUSTOMER }[revokers[0] as 'cancel'];
      expect(final).toMatchObject({ status: pb.MandateStatus.REVOKED, revokedBy: by });
    }
  });

  it('the sandbox sweeper and an explicit activation never both activate a mandate', async () => {
    // No delay: the sweeper may take a mandate the moment it exists, so every activation below
    // races it, whichever of them gets there first.
    await h.restart({ SANDBOX_ACTIVATION_DELAY_MS: '0' });
    const merchantId = newMerchantId();
    const mandates: { id: string }[] = [];
    const activations = await Promise.allSettled(
      Array.from({ length: 20 }, async () => {
        const { id } = await seedMandate(h.client, merchantId);
        mandates.push({ id });
        return h.client.activateMandate({ merchantId, id });
      }),
    );
    // Each manual activation either won or found the sweeper had activated the mandate first.
    const outcomes = activations.map((a) => (a.status === 'fulfilled' ? 'activated' : (a.reason as { code: string }).code));
    expect(outcomes.filter((o) => o !== 'activated' && o !== 'invalid_state_transition')).toEqual([]);
    await waitFor(async () => {
      const { mandates: listed } = await h.client.listMandates({ merchantId, statuses: [pb.MandateStatus.PENDING_SCA] });
      return listed.length === 0;
    });
    const events = await settledEvents(merchantId);
    for (const { id } of mandates) expect(typesOf(events, id)).toEqual(['mandate.created', 'mandate.activated']);
  });
});
