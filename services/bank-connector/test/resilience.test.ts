import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connector, payment } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBankProxy, type BankProxy } from './support/bank-proxy.js';
import { createDomainEvent } from './support/events.js';
import { adhocTerms, authorisedMandate, stageRequest, submission } from './support/fixtures.js';
import { startWorld, type World } from './support/world.js';

const { ConsentStatus } = connector;
let world: World;
let proxy: BankProxy;
let known: { merchantId: string; mandateId: string };
beforeAll(async () => {
  // No notifications: what the connector learns after an outage, it learns by trying again.
  world = await startWorld({ notifications: false, captureLogs: true });
  proxy = await startBankProxy(world.bank.issuer, world.credentials);
  // The resource server is reached through the proxy; the authorisation server directly.
  await world.restartConnector({
    BANK_API_URL: `${proxy.url}/open-banking/v4.0/pisp`,
    BANK_TIMEOUT: '1s',
    BANK_BREAKER_RESET: '2s',
    CONNECTOR_MAX_SERVER_ERRORS: '2',
  });
  known = await authorisedMandate(world, { terms: adhocTerms() });
});
beforeEach(async () => {
  proxy.set('pass');
  // Each test starts with calls reaching the bank (a breaker a test opened has closed again).
  await waitFor(
    () =>
      world.client.getConsent(known).then(
        () => true,
        () => undefined,
      ),
    { what: 'the bank reachable', timeoutMs: 15_000 },
  );
});
afterAll(async () => {
  await world?.close();
  await proxy?.stop();
});

const authorised = () => authorisedMandate(world, { terms: adhocTerms() });
const consentsAtBank = async (customerId: string) =>
  (await world.query(`SELECT id FROM model_bank.consents WHERE customer_ref = $1`, [customerId])).length;
const paymentsAtBank = async (paymentId: string, attempt = 0) =>
  world.query<{ id: string }>(`SELECT id FROM model_bank.domestic_vrps WHERE data->'Instruction'->>'InstructionIdentification' = $1`, [
    `${paymentId}-${attempt}`,
  ]);
const stageOf = async (paymentId: string) =>
  (await world.query<{ stage: string }>(`SELECT stage FROM connector.payments WHERE payment_id = $1`, [paymentId]))[0]?.stage;
/** Waits out BANK_BREAKER_RESET, after which a trial call may reach the bank again. */
const breakerReset = () => new Promise((r) => setTimeout(r, 2100));
const posts = (resource: string) => (method: string, path: string) => method === 'POST' && path.endsWith(resource);

async function failure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('the call succeeded');
}

describe('an answer whose signature does not verify', () => {
  it('is not trusted: the call fails, nothing is recorded on its word, and trying again later gets the same resource', async () => {
    const request = stageRequest({ terms: adhocTerms() });
    proxy.set('tamper', { only: posts('/domestic-vrp-consents') });
    const refused = await failure(world.client.stageConsent(request));
    expect(refused.code).toBe('service_unavailable');
    expect(refused.message).toMatch(/not trusted: .*signature/i);
    expect(await world.query(`SELECT 1 FROM connector.consents WHERE mandate_id = $1`, [request.mandateId])).toHaveLength(0);
    proxy.set('pass');
    const staged = await world.client.stageConsent(request);
    // The bank had created the consent the first time; the same key got it back, not a second one.
    expect(await consentsAtBank(request.customerId)).toBe(1);
    expect(staged.consentId).toBeTruthy();
  });

  it('leaves a payment to be sent again, which then makes one payment at the bank', async () => {
    const m = await authorised();
    const s = submission(m);
    proxy.set('tamper', { times: 1, only: posts('/domestic-vrps') });
    expect((await world.client.submitPayments({ submissions: [s] })).receipts[0]).toMatchObject({ clearing: false, bankReference: '' });
    expect(await stageOf(s.paymentId)).toBe('submitting');
    await waitFor(async () => ((await stageOf(s.paymentId)) === 'pending' ? true : undefined), {
      what: 'the payment sent again and taken',
    });
    expect(await paymentsAtBank(s.paymentId)).toHaveLength(1);
  });
});

describe('a bank that is down or slow', () => {
  it('is tried again on idempotent calls, fails clearly, opens the breaker, and recovers', async () => {
    const m = await authorised();
    proxy.set('unavailable');
    const before = proxy.seen.length;
    const down = await failure(world.client.getConsent(m));
    expect(down.code).toBe('service_unavailable');
    expect(down.message).toMatch(/answered 503/);
    // The GET was tried three times (the first and two retries with backoff).
    expect(proxy.seen.slice(before).filter((r) => r.method === 'GET' && r.path.endsWith(m.consentId))).toHaveLength(3);
    // Repeated failures open the breaker: calls then fail at once without reaching the bank.
    const reachedBank = () => proxy.seen.filter((r) => r.path.endsWith(m.consentId)).length;
    let paused: ApiError | undefined;
    for (let i = 0; i < 20 && !paused; i++) {
      const reached = reachedBank();
      const err = await failure(world.client.getConsent(m));
      if (/paused after repeated failures/.test(err.message)) {
        paused = err;
        expect(reachedBank()).toBe(reached);
      }
    }
    expect(paused?.code).toBe('service_unavailable');
    proxy.set('pass');
    await breakerReset();
    // Recovered: after BANK_BREAKER_RESET a trial call goes through (it may be a background read), and calls flow again.
    const recovered = await waitFor(() => world.client.getConsent(m).catch(() => undefined), { what: 'calls reaching the bank again' });
    expect(recovered.consentId).toBe(m.consentId);
  });

  it('meets its deadline when the bank is slow', async () => {
    const m = await authorised();
    proxy.delayMs = 3000;
    proxy.set('slow', { only: (method, path) => method === 'GET' && path.endsWith(m.consentId) });
    const started = Date.now();
    const slow = await failure(world.client.getConsent(m));
    expect(slow.code).toBe('service_unavailable');
    expect(slow.message).toMatch(/could not be reached/);
    // Three tries of at most BANK_TIMEOUT (1 s) each, and the backoff between them.
    expect(Date.now() - started).toBeLessThan(5500);
    proxy.set('pass');
    const recovered = await waitFor(() => world.client.getConsent(m).catch(() => undefined), { what: 'calls reaching the bank again' });
    expect(recovered.consentId).toBe(m.consentId);
  });

  it('never makes a payment twice when its answer is lost: the retry with the same key gets the first one back', async () => {
    const m = await authorised();
    const s = submission(m);
    proxy.set('lose-answer', { times: 1, only: posts('/domestic-vrps') });
    const { receipts } = await world.client.submitPayments({ submissions: [s] });
    expect(receipts[0]!.clearing).toBe(true);
    const held = await paymentsAtBank(s.paymentId);
    expect(held).toEqual([{ id: receipts[0]!.bankReference }]);
    expect(proxy.seen.filter((r) => r.method === 'POST' && r.path.endsWith('/domestic-vrps')).length).toBeGreaterThanOrEqual(2);

    const request = stageRequest({ terms: adhocTerms() });
    proxy.set('lose-answer', { times: 1, only: posts('/domestic-vrp-consents') });
    await world.client.stageConsent(request);
    expect(await consentsAtBank(request.customerId)).toBe(1);
  });

  it('fails a payment as technical_error after repeated server errors', async () => {
    const m = await authorised();
    const s = submission(m);
    proxy.set('unavailable', { only: posts('/domestic-vrps') });
    try {
      await world.client.submitPayments({ submissions: [s] });
      const report = await waitFor(async () => world.platform.told.payments.find((r) => r.paymentId === s.paymentId), {
        what: 'the technical failure reported',
        timeoutMs: 25_000,
      });
      expect(report).toMatchObject({ outcome: payment.BankOutcome.FAILED, failureCode: 'technical_error', failureOrigin: 'platform' });
    } finally {
      proxy.set('pass');
    }
    expect(await paymentsAtBank(s.paymentId)).toHaveLength(0);
  }, 40_000);
});

describe("a merchant's cancel while the bank is down", () => {
  it('is not lost: the consent is deleted once the bank answers again', async () => {
    const m = await authorised();
    proxy.set('unavailable', { only: (method, path) => method === 'DELETE' && path.endsWith(m.consentId) });
    await world.stream.bus.js.publish(`${world.stream.subjectPrefix}.mandate.revoked`, createDomainEvent(m, 'merchant'));
    // Every try of the first delivery fails (the first and its two retries); the event is then negatively acknowledged.
    const refusedDeletes = () =>
      proxy.seen.filter((r) => r.method === 'DELETE' && r.path.endsWith(m.consentId) && r.mode === 'unavailable').length;
    await waitFor(async () => (refusedDeletes() >= 3 ? true : undefined), { what: 'the deletion refused three times' });
    await new Promise((r) => setTimeout(r, 300));
    expect((await world.client.getConsent(m)).status).toBe(ConsentStatus.AUTHORISED);
    proxy.set('pass');
    const [row] = await waitFor(
      async () => {
        const rows = await world.query<{ bank_status: string }>(
          `SELECT bank_status FROM connector.consents WHERE mandate_id = $1 AND deleted_at_bank IS NOT NULL`,
          [m.mandateId],
        );
        return rows.length ? rows : undefined;
      },
      { what: 'the consent deleted once the bank answered', timeoutMs: 20_000 },
    );
    expect(row!.bank_status).toBe('CANC');
  });
});

describe('every call to the bank', () => {
  it('carries the security profile: a bearer token, an interaction id (logged), and on POSTs a signature and an idempotency key', async () => {
    expect(proxy.seen.length).toBeGreaterThan(10);
    for (const call of proxy.seen) {
      expect(call.headers.authorization, `${call.method} ${call.path}`).toMatch(/^Bearer \S+$/);
      expect(call.headers['x-fapi-interaction-id'], `${call.method} ${call.path}`).toMatch(/^[0-9a-f-]{36}$/);
      if (call.method === 'POST') {
        expect(call.headers['x-idempotency-key'], call.path).toMatch(/^[0-9a-f]{40}$/);
        expect(call.headers['x-jws-signature'], call.path).toMatch(/^[\w-]+\.\.[\w-]+$/);
      }
    }
    // A failed call's log lines say which interaction it was.
    const failed = world.logs.filter((l) => l.msg === 'bank call failed');
    expect(failed.length).toBeGreaterThan(0);
    const sent = new Set(proxy.seen.map((c) => c.headers['x-fapi-interaction-id']));
    for (const line of failed) {
      expect(line.endpoint).toMatch(/^(GET|POST|DELETE) \//);
      if (line.status !== 'no_answer') expect(sent.has(line.fapi_interaction_id as string)).toBe(true);
    }
  });
});

describe('a transport certificate the bank does not trust', () => {
  it('is refused by the bank; the error says so, payments wait and go through once the certificate is right', async () => {
    const m = await authorised();
    const dir = mkdtempSync(path.join(tmpdir(), 'connector-foreign-'));
    writeFileSync(path.join(dir, 'cert.pem'), world.foreign.tppTransport.cert);
    writeFileSync(path.join(dir, 'key.pem'), world.foreign.tppTransport.key);
    const right = { BANK_TRANSPORT_CERT: world.env.BANK_TRANSPORT_CERT!, BANK_TRANSPORT_KEY: world.env.BANK_TRANSPORT_KEY! };
    // Straight to the bank: the proxy would present the right certificate on the connector's behalf.
    const direct = `${world.bank.issuer}/open-banking/v4.0/pisp`;
    const good = { ...right, BANK_API_URL: world.env.BANK_API_URL! };
    await world.restartConnector({
      BANK_API_URL: direct,
      BANK_TRANSPORT_CERT: path.join(dir, 'cert.pem'),
      BANK_TRANSPORT_KEY: path.join(dir, 'key.pem'),
    });
    try {
      const refused = await failure(world.client.stageConsent(stageRequest()));
      expect(refused.code).toBe('service_unavailable');
      expect(refused.message).toMatch(/The bank refused to stage the consent \(40[13]\): .*certificate/);
      const s = submission(m);
      expect((await world.client.submitPayments({ submissions: [s] })).receipts[0]).toMatchObject({ clearing: false, bankReference: '' });
      expect(await stageOf(s.paymentId)).toBe('submitting');
      await world.restartConnector({ ...right, BANK_API_URL: direct });
      await waitFor(async () => ((await stageOf(s.paymentId)) === 'pending' ? true : undefined), {
        what: 'the payment sent with the right certificate',
      });
      expect(await paymentsAtBank(s.paymentId)).toHaveLength(1);
    } finally {
      await world.restartConnector(good);
    }
  });
});
