import { create } from '@bufbuild/protobuf';
import { connector, payment } from '@vrp/contracts';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adhocTerms, advanceClock, at, authorisedMandate as authorised, bankCalls, codeOf, newId, submission } from './support/fixtures.js';
import { startWorld, type World } from './support/world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.close());

const authorisedMandate = (w: World) => authorised(w, { terms: adhocTerms() });

/** The payment service's report of a payment, once it came. */
const reportOf = (paymentId: string) =>
  waitFor(async () => world.platform.told.payments.find((r) => r.paymentId === paymentId), {
    what: `the outcome of ${paymentId} reported`,
  });

/** What the bank holds for an attempt (its InstructionIdentification). */
const atTheBank = (instruction: string) =>
  world.query<{ id: string; status: string }>(
    `SELECT id, status FROM model_bank.domestic_vrps WHERE data->'Instruction'->>'InstructionIdentification' = $1`,
    [instruction],
  );

describe('payments', () => {
  it('hands an attempt to the bank, which takes it into clearing; its settlement is reported on the merchant date', async () => {
    const m = await authorisedMandate(world);
    await advanceClock(world, m.merchantId, 3 * 86_400_000);
    const s = submission(m, { reference: 'INV-2026-001' });
    const { receipts } = await world.client.submitPayments({ submissions: [s] });
    expect(receipts).toEqual([expect.objectContaining({ clearing: true, bankReference: expect.stringMatching(/.+/) })]);
    const [held] = await atTheBank(`${s.paymentId}-0`);
    expect(held).toEqual({ id: receipts[0]!.bankReference, status: 'ACTC' });
    const [instruction] = await world.query<{ instruction: Record<string, unknown> }>(
      `SELECT data->'Instruction' AS instruction FROM model_bank.domestic_vrps WHERE id = $1`,
      [held!.id],
    );
    expect(instruction!.instruction).toMatchObject({
      InstructionIdentification: `${s.paymentId}-0`,
      EndToEndIdentification: s.paymentId,
      InstructedAmount: { Amount: '10.00', Currency: 'GBP' },
      RemittanceInformation: { Structured: [{ CreditorReferenceInformation: { Reference: 'INV-2026-001' } }] },
    });

    await world.sandbox.decidePayment({ merchantId: m.merchantId, paymentId: s.paymentId });
    const report = await reportOf(s.paymentId);
    const merchantDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect(report).toMatchObject({ attempt: 0, outcome: payment.BankOutcome.SETTLED, merchantId: m.merchantId });
    expect([merchantDate, new Date(Date.now() + 3 * 86_400_000 - 60_000).toISOString().slice(0, 10)]).toContain(report.settlementDate);
  });

  it('makes one payment at the bank per attempt, however often and however concurrently it is submitted', async () => {
    const m = await authorisedMandate(world);
    const s = submission(m);
    const posted = await bankCalls(world, 'POST /domestic-vrps');
    const batches = await Promise.all(Array.from({ length: 5 }, () => world.client.submitPayments({ submissions: [s, s] })));
    const references = new Set(batches.flatMap((b) => b.receipts.map((r) => r.bankReference)));
    // Racing submitters that found the attempt in another's hands answer it as it stands (no reference yet).
    references.delete('');
    expect(references.size).toBe(1);
    expect(await atTheBank(`${s.paymentId}-0`)).toHaveLength(1);
    // Only the submission that recorded the attempt POSTed it: the bank's idempotency is not what kept it single.
    expect((await bankCalls(world, 'POST /domestic-vrps')) - posted).toBe(1);
    const again = await world.client.submitPayments({ submissions: [s] });
    expect(again.receipts[0]!.bankReference).toBe([...references][0]);
    expect((await bankCalls(world, 'POST /domestic-vrps')) - posted).toBe(1);
    // A retry is a new attempt: a new payment at the bank.
    const retry = await world.client.submitPayments({ submissions: [{ ...s, attempt: 1 }] });
    expect(retry.receipts[0]!.bankReference).not.toBe([...references][0]);
    expect(await atTheBank(`${s.paymentId}-1`)).toHaveLength(1);
    expect((await bankCalls(world, 'POST /domestic-vrps')) - posted).toBe(2);
  });

  it('reports each way the bank fails a payment with the platform failure code (the sandbox fail takes every code)', async () => {
    const m = await authorisedMandate(world);
    const cases = [
      ['insufficient_funds', 'insufficient_funds'],
      ['violates_consent_parameters', 'violates_consent_parameters'],
      ['mandate_revoked_at_bank', 'mandate_revoked_at_bank'],
      ['account_closed', 'account_closed'],
      ['account_blocked', 'account_blocked'],
      ['payment_stopped', 'payment_stopped'],
      ['technical_error', 'technical_error'],
      ['bank_rejected', 'bank_rejected'],
      ['refer_to_payer', 'bank_rejected'],
    ] as const;
    for (const [decided, reported] of cases) {
      const s = submission(m);
      await world.client.submitPayments({ submissions: [s] });
      await world.sandbox.decidePayment({ merchantId: m.merchantId, paymentId: s.paymentId, failureCode: decided });
      expect(await reportOf(s.paymentId)).toMatchObject({
        outcome: payment.BankOutcome.FAILED,
        failureCode: reported,
        failureOrigin: 'bank',
      });
    }
    const s = submission(m);
    await world.client.submitPayments({ submissions: [s] });
    expect(await codeOf(world.sandbox.decidePayment({ merchantId: m.merchantId, paymentId: s.paymentId, failureCode: 'gremlins' }))).toBe(
      'validation_error',
    );
    await world.sandbox.decidePayment({ merchantId: m.merchantId, paymentId: s.paymentId });
    expect(await codeOf(world.sandbox.decidePayment({ merchantId: m.merchantId, paymentId: s.paymentId }))).toBe(
      'invalid_state_transition',
    );
  });

  it('fails a payment the account cannot cover as insufficient_funds, and one over the consent limits as violates_consent_parameters', async () => {
    const m = await authorisedMandate(world);
    await world.sandbox.setBalance({ merchantId: m.merchantId, customerId: m.customerId, amountMinor: 500n, currency: 'GBP' });
    const poor = submission(m, { amountMinor: 900n });
    expect((await world.client.submitPayments({ submissions: [poor] })).receipts[0]).toMatchObject({ clearing: false });
    expect(await reportOf(poor.paymentId)).toMatchObject({ outcome: payment.BankOutcome.FAILED, failureCode: 'insufficient_funds' });

    const tooMuch = submission(m, { amountMinor: 5001n });
    expect((await world.client.submitPayments({ submissions: [tooMuch] })).receipts[0]).toEqual(
      expect.objectContaining({ clearing: false, bankReference: '' }),
    );
    expect(await reportOf(tooMuch.paymentId)).toMatchObject({
      outcome: payment.BankOutcome.FAILED,
      failureCode: 'violates_consent_parameters',
    });
  });

  it('lets a monthly mandate created on the 27th collect its maximum that month and again on the 1st (its frequency is never pro-rated)', async () => {
    const now = new Date();
    const created = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 27, 12));
    const terms = create(connector.ConsentTermsSchema, {
      maximumAmountMinor: 10_000n,
      currency: 'GBP',
      frequency: connector.Frequency.MONTHLY,
      vrpType: connector.VrpType.COMMERCIAL,
      validFrom: at(created),
    });
    const m = await authorised(world, { terms });
    await advanceClock(world, m.merchantId, created.getTime() - now.getTime());
    const late = submission(m, { amountMinor: 10_000n });
    expect((await world.client.submitPayments({ submissions: [late] })).receipts[0]).toMatchObject({ clearing: true });
    const nextMonth = new Date(Date.UTC(created.getUTCFullYear(), created.getUTCMonth() + 1, 1, 12));
    await advanceClock(world, m.merchantId, nextMonth.getTime() - now.getTime());
    const first = submission(m, { amountMinor: 10_000n });
    expect((await world.client.submitPayments({ submissions: [first] })).receipts[0]).toMatchObject({ clearing: true });
  });

  it('stages a calendar cap as it is once the platform pro-rates it, and the bank refuses past its first-period share', async () => {
    // Valid from the 6th of a month two months ahead: a calendar month of 300.00 allows its share of the days left.
    const now = new Date();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 6, 0));
    const days = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 0)).getUTCDate();
    const share = (30_000n * BigInt(days - 5)) / BigInt(days);
    const terms = create(connector.ConsentTermsSchema, {
      maximumAmountMinor: 30_000n,
      currency: 'GBP',
      frequency: connector.Frequency.ADHOC,
      vrpType: connector.VrpType.COMMERCIAL,
      validFrom: at(from),
      proRateFirstPeriod: true,
      periodicLimits: [{ period: connector.Period.MONTH, alignment: connector.Alignment.CALENDAR, maxAmountMinor: 30_000n }],
    });
    const m = await authorised(world, { terms });
    const [consent] = await world.query<{ limits: unknown }>(
      `SELECT request->'Data'->'ControlParameters'->'PeriodicLimits' AS limits FROM connector.consents WHERE mandate_id = $1`,
      [m.mandateId],
    );
    expect(consent!.limits).toEqual([{ PeriodType: 'Month', PeriodAlignment: 'Calendar', Amount: '300.00', Currency: 'GBP' }]);
    await advanceClock(world, m.merchantId, from.getTime() + 3_600_000 - now.getTime());
    const over = submission(m, { amountMinor: share + 1n });
    await world.client.submitPayments({ submissions: [over] });
    expect(await reportOf(over.paymentId)).toMatchObject({
      outcome: payment.BankOutcome.FAILED,
      failureCode: 'violates_consent_parameters',
    });
    const exactly = submission(m, { amountMinor: share });
    expect((await world.client.submitPayments({ submissions: [exactly] })).receipts[0]).toMatchObject({ clearing: true });
  });

  it('fails a payment under a consent the customer revoked at the bank as mandate_revoked_at_bank', async () => {
    const m = await authorisedMandate(world);
    await world.backOffice.revokeConsent(m.consentId, 'customer');
    const s = submission(m);
    await world.client.submitPayments({ submissions: [s] });
    expect(await reportOf(s.paymentId)).toMatchObject({ outcome: payment.BankOutcome.FAILED, failureCode: 'mandate_revoked_at_bank' });
    // A mandate with no consent here at all cannot be collected through the bank either.
    const orphan = submission({ merchantId: m.merchantId, mandateId: newId('MD') });
    expect((await world.client.submitPayments({ submissions: [orphan] })).receipts[0]).toMatchObject({
      clearing: false,
      bankReference: '',
    });
    expect(await reportOf(orphan.paymentId)).toMatchObject({ outcome: payment.BankOutcome.FAILED, failureCode: 'bank_rejected' });
  });

  it('refuses a malformed batch whole, naming the submission', async () => {
    const m = await authorisedMandate(world);
    await expect(world.client.submitPayments({ submissions: [submission(m), submission(m, { amountMinor: 0n })] })).rejects.toMatchObject({
      code: 'validation_error',
      param: 'submissions[1].amount_minor',
    });
  });

  it('keeps reporting an outcome until the payment service takes it, and stops at its verdict', async () => {
    const m = await authorisedMandate(world);
    const s = submission(m);
    const unknown = submission(m);
    world.platform.unknownPayments.add(unknown.paymentId);
    await world.client.submitPayments({ submissions: [s, unknown] });
    world.platform.unavailable = true;
    try {
      await world.sandbox.decidePayment({ merchantId: m.merchantId, paymentId: s.paymentId });
      await world.sandbox.decidePayment({ merchantId: m.merchantId, paymentId: unknown.paymentId });
      await waitFor(
        async () =>
          (await world.query(`SELECT 1 FROM connector.payments WHERE payment_id = $1 AND stage = 'settled'`, [s.paymentId])).length > 0 ||
          undefined,
        { what: 'the settlement recorded' },
      );
      await new Promise((r) => setTimeout(r, 500));
      expect(world.platform.told.payments.filter((r) => r.paymentId === s.paymentId)).toHaveLength(0);
    } finally {
      world.platform.unavailable = false;
    }
    expect(await reportOf(s.paymentId)).toMatchObject({ outcome: payment.BankOutcome.SETTLED });
    await reportOf(unknown.paymentId);
    await new Promise((r) => setTimeout(r, 500));
    // Taken (or refused for good) once: not reported again.
    expect(world.platform.told.payments.filter((r) => r.paymentId === s.paymentId)).toHaveLength(1);
    expect(world.platform.told.payments.filter((r) => r.paymentId === unknown.paymentId)).toHaveLength(1);
  });

  it('asks the bank whether the account covers an amount now', async () => {
    const m = await authorisedMandate(world);
    await world.sandbox.setBalance({ merchantId: m.merchantId, customerId: m.customerId, amountMinor: 1000n, currency: 'GBP' });
    const ask = (amountMinor: bigint) =>
      world.client.confirmFunds({ merchantId: m.merchantId, mandateId: m.mandateId, amountMinor, currency: 'GBP' });
    expect((await ask(999n)).fundsAvailable).toBe(true);
    expect((await ask(1001n)).fundsAvailable).toBe(false);
    expect(Math.abs(Number((await ask(1n)).checkedAt!.seconds) * 1000 - Date.now())).toBeLessThan(60_000);
    expect(
      await codeOf(world.client.confirmFunds({ merchantId: m.merchantId, mandateId: 'MD-none', amountMinor: 1n, currency: 'GBP' })),
    ).toBe('mandate_not_active');
    expect(
      await codeOf(world.client.confirmFunds({ merchantId: m.merchantId, mandateId: m.mandateId, amountMinor: 1n, currency: 'EUR' })),
    ).toBe('currency_mismatch');
  });

  it('takes one client-credentials token and reuses it while it is fresh', async () => {
    for (let i = 0; i < 4; i++) {
      const m = await authorisedMandate(world);
      await world.client.getConsent(m);
    }
    const text = await (await fetch(`http://127.0.0.1:${world.connector.metricsPort}/metrics`)).text();
    const tokenRequests = text
      .split('\n')
      .filter((l) => l.startsWith('http_client_request_duration_seconds_count{') && l.includes('url_template="POST /token"'))
      .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
    const [row] = await world.query<{ n: number }>(`SELECT count(*)::int AS n FROM connector.consents WHERE journey = 'authorised'`);
    const exchanges = row!.n;
    // Each authorisation exchanged its code at the token endpoint; every other call used the one cached token.
    expect(exchanges).toBeGreaterThan(3);
    expect(tokenRequests - exchanges).toBe(1);
  });
});
