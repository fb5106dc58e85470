import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VRP_BASE_PATH, type ObVrpConsentRequest } from '@vrp/open-banking';
import { PAYEE, paymentRequest } from './support/fixtures.js';
import { startWorld, type World } from './support/world.js';

let world: World;
const DAY = 86_400_000;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

/** A payee of its own, so moving its clock moves nothing else. */
function ownPayee(r: ObVrpConsentRequest): void {
  r.Data.Initiation.CreditorAccount = { ...PAYEE, Identification: `0400${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}` };
}

async function pay(
  consentId: string,
  consent: ObVrpConsentRequest,
  token: string,
  amount: string,
  change: (r: ReturnType<typeof paymentRequest>) => void = () => {},
) {
  const body = paymentRequest(consentId, consent, amount);
  body.Data.Instruction.CreditorAccount = { ...consent.Data.Initiation.CreditorAccount! };
  change(body);
  return world.client.call('POST', `${VRP_BASE_PATH}/domestic-vrps`, { token, body, idempotencyKey: randomUUID() });
}

/** Moves the consent's payee's clock so that its now is `at`. */
async function payeeClockAt(consent: ObVrpConsentRequest, at: Date) {
  const answer = await world.backOffice('PUT', '/clock', {
    CreditorAccount: consent.Data.Initiation.CreditorAccount,
    OffsetMs: Math.max(0, at.getTime() - Date.now()),
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('the bank enforces the control parameters itself', () => {
  it('refuses a payment over MaximumIndividualAmount with 400 U014 naming the field', async () => {
    const { consentId, request, token } = await world.authorisedConsent(`CU-${randomUUID()}`);
    const over = await pay(consentId, request, token, '50.01');
    expect(over.status).toBe(400);
    expect(over.signed).toBe(true);
    expect(over.body.Errors).toEqual([
      { ErrorCode: 'U014', Message: expect.any(String), Path: 'Data.ControlParameters.MaximumIndividualAmount.Amount' },
    ]);
    expect((await pay(consentId, request, token, '50.00')).body.Data.Status).toBe('ACTC');
  });

  it("pro-rates a Calendar month in its first period (the 21st of a month leaves the month's last days) and allows the full amount from the 1st", async () => {
    const now = new Date();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 21, 12));
    const daysInMonth = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
    // 300.00 times the days from the 21st to the month's end over the month's days, rounded down to a penny.
    const capPence = Math.floor((30000 * (daysInMonth - 20)) / daysInMonth);
    const { consentId, request, token } = await world.authorisedConsent(`CU-${randomUUID()}`, (r) => {
      ownPayee(r);
      r.Data.ControlParameters.ValidFromDateTime = `${start.toISOString().slice(0, 10)}T00:00:00+00:00`;
      r.Data.ControlParameters.MaximumIndividualAmount.Amount = '300.00';
      r.Data.ControlParameters.PeriodicLimits = [{ PeriodType: 'Month', PeriodAlignment: 'Calendar', Amount: '300.00', Currency: 'GBP' }];
    });
    const early = await pay(consentId, request, token, '1.00');
    expect(early.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'U014', Path: 'Data.ControlParameters.ValidFromDateTime' })]);
    await payeeClockAt(request, start);
    const pence = (p: number) => `${Math.floor(p / 100)}.${String(p % 100).padStart(2, '0')}`;
    expect((await pay(consentId, request, token, pence(capPence - 100))).body.Data.Status).toBe('ACTC');
    const over = await pay(consentId, request, token, '1.01');
    expect(over.status).toBe(400);
    expect(over.body.Errors).toEqual([
      expect.objectContaining({ ErrorCode: 'U014', Path: 'Data.ControlParameters.PeriodicLimits[0].Amount' }),
    ]);
    expect((await pay(consentId, request, token, '1.00')).body.Data.Status).toBe('ACTC');
    await payeeClockAt(request, new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1, 12)));
    const nextMonth = await pay(consentId, request, token, '300.00');
    expect(nextMonth.body.Data.Status).toBe('ACTC');
    expect(nextMonth.body.Data.CreationDateTime.slice(0, 10)).toBe(
      new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)).toISOString().slice(0, 10),
    );
  });

  it('counts a Consent-aligned day on the payee clock: moving the clock a day on opens the next period', async () => {
    const { consentId, request, token } = await world.authorisedConsent(`CU-${randomUUID()}`, (r) => {
      ownPayee(r);
      r.Data.ControlParameters.PeriodicLimits = [{ PeriodType: 'Day', PeriodAlignment: 'Consent', Amount: '10.00', Currency: 'GBP' }];
    });
    expect((await pay(consentId, request, token, '10.00')).body.Data.Status).toBe('ACTC');
    expect((await pay(consentId, request, token, '0.01')).body.Errors[0]).toMatchObject({
      ErrorCode: 'U014',
      Path: 'Data.ControlParameters.PeriodicLimits[0].Amount',
    });
    const moved = await payeeClockAt(request, new Date(Date.now() + DAY));
    expect(moved.Data.OffsetMs).toBeGreaterThan(DAY - 60_000);
    expect((await pay(consentId, request, token, '10.00')).body.Data.Status).toBe('ACTC');
    // The clock only moves forward: a smaller offset leaves it where it is.
    const back = await world.backOffice('PUT', '/clock', { CreditorAccount: request.Data.Initiation.CreditorAccount, OffsetMs: 0 });
    expect(back.body.Data.OffsetMs).toBe(moved.Data.OffsetMs);
  });

  it('holds a periodic limit when payments race: of five 50.00 payments against 120.00 a month, two are taken', async () => {
    const { consentId, request, token } = await world.authorisedConsent(`CU-${randomUUID()}`);
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(consentId, request, token, '50.00')));
    expect(answers.filter((a) => a.status === 201).map((a) => a.body.Data.Status)).toEqual(['ACTC', 'ACTC']);
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.Errors[0].ErrorCode)).toEqual(['U014', 'U014', 'U014']);
  });

  it('refuses a VRPType, authentication method or interaction type the consent does not allow (U014)', async () => {
    const { consentId, request, token } = await world.authorisedConsent(`CU-${randomUUID()}`);
    const sweeping = await pay(consentId, request, token, '1.00', (b) => void (b.Data.VRPType = 'UK.OBIE.VRPType.Sweeping'));
    expect(sweeping.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'U014', Path: 'Data.ControlParameters.VRPType' })]);
    const present = await pay(consentId, request, token, '1.00', (b) => void (b.Data.PSUInteractionType = 'InSession'));
    expect(present.body.Errors).toEqual([
      expect.objectContaining({ ErrorCode: 'U014', Path: 'Data.ControlParameters.PSUInteractionTypes' }),
    ]);
  });

  it('refuses a payment that departs from its consent (U008) or names another consent than its token (U009)', async () => {
    const first = await world.authorisedConsent(`CU-${randomUUID()}`);
    const second = await world.authorisedConsent(`CU-${randomUUID()}`);
    const elsewhere = await pay(first.consentId, first.request, first.token, '1.00', (b) => {
      b.Data.Instruction.CreditorAccount = { ...PAYEE, Identification: '04000499999999', Name: 'Someone Else' };
    });
    expect(elsewhere.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'U008', Path: 'Data.Instruction.CreditorAccount' })]);
    const risk = await pay(
      first.consentId,
      first.request,
      first.token,
      '1.00',
      (b) => void (b.Risk = { ...b.Risk, PaymentContextCode: 'TransferToSelf' }),
    );
    expect(risk.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'U008', Path: 'Risk' })]);
    const crossed = await pay(second.consentId, second.request, first.token, '1.00');
    expect(crossed.status).toBe(400);
    expect(crossed.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'U009', Path: 'Data.ConsentId' })]);
    const funds = await world.client.call('POST', `${VRP_BASE_PATH}/domestic-vrp-consents/${second.consentId}/funds-confirmation`, {
      token: first.token,
      body: { Data: { ConsentId: second.consentId, InstructedAmount: { Amount: '1.00', Currency: 'GBP' } } },
    });
    expect(funds.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'U009' })]);
    // A consent still awaiting authorisation (AWAU) takes no payment, whatever token comes with it.
    const staged = await world.stagedConsent(`CU-${randomUUID()}`);
    const awaiting = await pay(staged.consentId, staged.request, first.token, '1.00');
    expect(awaiting.status).toBe(400);
    expect(awaiting.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'U009', Path: 'Data.ConsentId' })]);
  });
});

describe("the PSU's account decides", () => {
  it('rejects a payment the account cannot cover (201 RJCT AM04) and says funds are NotAvailable', async () => {
    const customer = `CU-${randomUUID()}`;
    const balance = await world.backOffice('PUT', '/balances', {
      MerchantCustomerIdentification: customer,
      Amount: { Amount: '20.00', Currency: 'GBP' },
    });
    expect(balance.status).toBe(200);
    const { consentId, request, token } = await world.authorisedConsent(customer);
    const funds = await world.client.call('POST', `${VRP_BASE_PATH}/domestic-vrp-consents/${consentId}/funds-confirmation`, {
      token,
      body: { Data: { ConsentId: consentId, InstructedAmount: { Amount: '20.01', Currency: 'GBP' } } },
    });
    expect(funds.body.Data.FundsAvailableResult.FundsAvailable).toBe('NotAvailable');
    const rejected = await pay(consentId, request, token, '20.01');
    expect(rejected.status).toBe(201);
    expect(rejected.body.Data).toMatchObject({
      Status: 'RJCT',
      StatusReason: [{ StatusReasonCode: 'AM04', StatusReasonDescription: expect.any(String) }],
    });
    expect((await pay(consentId, request, token, '20.00')).body.Data.Status).toBe('ACTC');
  });

  it('reserves funds when payments race over one account: of two 20.00 payments on 30.00, one is taken and one rejected AM04', async () => {
    const customer = `CU-${randomUUID()}`;
    await world.backOffice('PUT', '/balances', { MerchantCustomerIdentification: customer, Amount: { Amount: '30.00', Currency: 'GBP' } });
    const first = await world.authorisedConsent(customer);
    const second = await world.authorisedConsent(customer);
    const answers = await Promise.all([
      pay(first.consentId, first.request, first.token, '20.00'),
      pay(second.consentId, second.request, second.token, '20.00'),
    ]);
    expect(answers.map((a) => a.body.Data.Status).sort()).toEqual(['ACTC', 'RJCT']);
    expect(answers.find((a) => a.body.Data.Status === 'RJCT')!.body.Data.StatusReason[0].StatusReasonCode).toBe('AM04');
  });

  it('lets the back office reject a taken payment with a reason, then refuses to settle it (409)', async () => {
    const { consentId, request, token } = await world.authorisedConsent(`CU-${randomUUID()}`);
    const payment = await pay(consentId, request, token, '5.00');
    const id = payment.body.Data.DomesticVRPId;
    const rejected = await world.backOffice('POST', `/domestic-vrps/${id}/reject`, {
      StatusReasonCode: 'AC06',
      StatusReasonDescription: 'Blocked by fraud team',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.Data).toMatchObject({
      Status: 'RJCT',
      StatusReason: [{ StatusReasonCode: 'AC06', StatusReasonDescription: 'Blocked by fraud team' }],
    });
    expect((await world.backOffice('POST', `/domestic-vrps/${id}/settle`)).status).toBe(409);
    expect((await world.backOffice('POST', `/domestic-vrps/vrp-unknown/settle`)).status).toBe(404);
    // A rejected payment gives its amount back to the period: 120.00 are left.
    expect((await pay(consentId, request, token, '50.00')).body.Data.Status).toBe('ACTC');
  });
});

describe('x-idempotency-key', () => {
  it('replays the first answer for the same body, refuses another body (400 U006) and a missing or long key', async () => {
    const { consentId, request, token } = await world.authorisedConsent(`CU-${randomUUID()}`);
    const key = randomUUID();
    const body = paymentRequest(consentId, request, '7.00');
    const first = await world.client.call('POST', `${VRP_BASE_PATH}/domestic-vrps`, { token, body, idempotencyKey: key });
    const again = await world.client.call('POST', `${VRP_BASE_PATH}/domestic-vrps`, { token, body, idempotencyKey: key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await world.client.call('POST', `${VRP_BASE_PATH}/domestic-vrps`, {
      token,
      body: paymentRequest(consentId, request, '8.00'),
      idempotencyKey: key,
    });
    expect(other.status).toBe(400);
    expect(other.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'U006', Path: 'x-idempotency-key' })]);
    const missing = await world.client.call('POST', `${VRP_BASE_PATH}/domestic-vrps`, { token, body });
    expect(missing.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'U007', Path: 'x-idempotency-key' })]);
    const long = await world.client.call('POST', `${VRP_BASE_PATH}/domestic-vrps`, { token, body, idempotencyKey: 'k'.repeat(41) });
    expect(long.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'U006' })]);
  });

  it('creates one payment when POSTs with the same key race', async () => {
    const { consentId, request, token } = await world.authorisedConsent(`CU-${randomUUID()}`);
    const key = randomUUID();
    const body = paymentRequest(consentId, request, '3.00');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => world.client.call('POST', `${VRP_BASE_PATH}/domestic-vrps`, { token, body, idempotencyKey: key })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body.Data.DomesticVRPId)).size).toBe(1);
    const db = new pg.Client({ connectionString: world.bank.db.url });
    await db.connect();
    try {
      const { rows } = await db.query('SELECT count(*)::int AS n FROM model_bank.domestic_vrps WHERE consent_id = $1', [consentId]);
      expect(rows[0].n).toBe(1);
    } finally {
      await db.end();
    }
  });
});
