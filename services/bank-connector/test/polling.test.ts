import { createLogger } from '@vrp/logging';
import { mandate, payment } from '@vrp/contracts';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBankConnectorService } from '../src/app.js';
import { loadBankConnectorConfig } from '../src/config.js';
import { adhocTerms, authorisedMandate, submission } from './support/fixtures.js';
import { startWorld, type World } from './support/world.js';

let world: World;
beforeAll(async () => {
  // A bank that sends no notifications: everything the connector learns, it learns by reading back.
  world = await startWorld({ notifications: false, connectorEnv: { CONNECTOR_CONSENT_CHECK_INTERVAL: '300ms' } });
});
afterAll(() => world?.close());

const authorised = () => authorisedMandate(world, { terms: adhocTerms() });
const bankPaymentOf = async (paymentId: string) =>
  (
    await world.query<{ id: string }>(
      `SELECT id FROM model_bank.domestic_vrps WHERE data->'Instruction'->>'InstructionIdentification' = $1`,
      [`${paymentId}-0`],
    )
  )[0]!.id;

describe('without notifications', () => {
  it('reads undecided payments back, backing off, until the bank decides', async () => {
    const m = await authorised();
    const s = submission(m);
    await world.client.submitPayments({ submissions: [s] });
    // Undecided, it is read again and again, each time a little later.
    const read = await waitFor(
      async () => {
        const [row] = await world.query<{ checks: number; wait_ms: number }>(
          `SELECT checks, extract(epoch FROM next_check_at - updated_at) * 1000 AS wait_ms FROM connector.payments WHERE payment_id = $1`,
          [s.paymentId],
        );
        return row!.checks >= 2 ? row : undefined;
      },
      { what: 'two reads of the undecided payment' },
    );
    expect(Number(read.wait_ms)).toBeGreaterThanOrEqual(300);
    expect(Number(read.wait_ms)).toBeLessThanOrEqual(1000);
    expect(world.relay.received).toHaveLength(0);

    await world.backOffice.decidePayment(await bankPaymentOf(s.paymentId), { settle: false, reasonCode: 'AM04' });
    const report = await waitFor(async () => world.platform.told.payments.find((r) => r.paymentId === s.paymentId), {
      what: 'the failure reported',
    });
    expect(report).toMatchObject({ outcome: payment.BankOutcome.FAILED, failureCode: 'insufficient_funds' });
  });

  it('finds a consent revoked at the bank by reading authorised consents back', async () => {
    const m = await authorised();
    await world.backOffice.revokeConsent(m.consentId, 'bank');
    const told = await waitFor(async () => world.platform.told.revocations.find((r) => r.id === m.mandateId), {
      what: 'the revocation reported',
    });
    expect(told.by).toBe(mandate.RevokedBy.BANK);
  });

  it('shares the work between replicas: each outcome read and reported once', async () => {
    const second = await startBankConnectorService(loadBankConnectorConfig(world.env), {
      logger: createLogger('second', { level: 'silent' }),
    });
    try {
      const m = await authorised();
      const all = Array.from({ length: 12 }, () => submission(m));
      await world.client.submitPayments({ submissions: all });
      for (const s of all) await world.backOffice.decidePayment(await bankPaymentOf(s.paymentId), { settle: true });
      await waitFor(async () => all.every((s) => world.platform.told.payments.some((r) => r.paymentId === s.paymentId)) || undefined, {
        what: 'every settlement reported',
      });
      await new Promise((r) => setTimeout(r, 500));
      for (const s of all) expect(world.platform.told.payments.filter((r) => r.paymentId === s.paymentId)).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});
