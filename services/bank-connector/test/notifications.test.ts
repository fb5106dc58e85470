import { randomUUID } from 'node:crypto';
import { importPKCS8 } from 'jose';
import { mandate, payment } from '@vrp/contracts';
import {
  EVENT_TYPES,
  RESOURCE_TYPES,
  decodeEventNotificationUnsafe,
  eventSubject,
  signEventNotification,
} from './support/notifications.js';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adhocTerms, authorisedMandate, submission } from './support/fixtures.js';
import { CLIENT_ID, startWorld, type World } from './support/world.js';

let world: World;
beforeAll(async () => {
  // Only notifications move anything here: the tracker would read a payment back in ten minutes.
  world = await startWorld({ connectorEnv: { CONNECTOR_POLL_INITIAL: '10m', CONNECTOR_POLL_MAX: '10m' } });
});
afterAll(() => world?.close());

const authorised = () => authorisedMandate(world, { terms: adhocTerms() });
const revocationsOf = (mandateId: string) => world.platform.told.revocations.filter((r) => r.id === mandateId);
const settle = 250;

/** How many calls the connector made to one endpoint of the bank (its metrics). */
async function bankCalls(endpoint: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${world.connector.metricsPort}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('http_client_request_duration_seconds_count{') && l.includes(`url_template="${endpoint}"`))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}

describe('event notifications', () => {
  it("learn a payment's outcome from the bank's notification, reading the payment back", async () => {
    const m = await authorised();
    const s = submission(m);
    await world.client.submitPayments({ submissions: [s] });
    await world.backOffice.decidePayment(
      (
        await world.query<{ id: string }>(
          `SELECT id FROM model_bank.domestic_vrps WHERE data->'Instruction'->>'InstructionIdentification' = $1`,
          [`${s.paymentId}-0`],
        )
      )[0]!.id,
      { settle: true },
    );
    const report = await waitFor(async () => world.platform.told.payments.find((r) => r.paymentId === s.paymentId), {
      what: 'the settlement reported',
    });
    expect(report.outcome).toBe(payment.BankOutcome.SETTLED);
    expect(world.relay.received.every((r) => r.status === 202)).toBe(true);

    // Played again, the bank's notifications are recognised (their jti) and the payment is not read again.
    const reads = async () =>
      (await bankCalls('GET /domestic-vrps/{DomesticVRPId}')) + (await bankCalls('GET /domestic-vrp-consents/{ConsentId}'));
    const before = await reads();
    expect(before).toBeGreaterThan(0);
    for (const { token } of world.relay.received) await world.client.receiveEventNotification({ token, interactionId: '' });
    expect(await reads()).toBe(before);
  });

  it('report a revocation by the customer or by the bank to the mandate service once, and a linked-account update as a suspension', async () => {
    const byCustomer = await authorised();
    const byBank = await authorised();
    const closed = await authorised();
    await world.backOffice.revokeConsent(byCustomer.consentId, 'customer');
    await world.backOffice.revokeConsent(byBank.consentId, 'bank');
    await world.backOffice.updateLinkedAccount(closed.consentId, 'account_closed');
    await waitFor(async () => (revocationsOf(byCustomer.mandateId).length && revocationsOf(byBank.mandateId).length) || undefined, {
      what: 'both revocations reported',
    });
    await waitFor(async () => world.platform.told.suspensions.find((r) => r.id === closed.mandateId), { what: 'the suspension reported' });
    expect(revocationsOf(byCustomer.mandateId)).toEqual([
      expect.objectContaining({ merchantId: byCustomer.merchantId, by: mandate.RevokedBy.CUSTOMER }),
    ]);
    expect(revocationsOf(byBank.mandateId)).toEqual([
      expect.objectContaining({ merchantId: byBank.merchantId, by: mandate.RevokedBy.BANK }),
    ]);
    expect(world.platform.told.suspensions.filter((r) => r.id === closed.mandateId)).toHaveLength(1);
    // Whatever else tells of it later (the consent read back, the sandbox route), it was reported once.
    await world.sandbox.revokeConsent({ merchantId: byCustomer.merchantId, mandateId: byCustomer.mandateId });
    await new Promise((r) => setTimeout(r, settle));
    expect(revocationsOf(byCustomer.mandateId)).toHaveLength(1);
  });

  it('keep a revocation until the mandate service acknowledges it', async () => {
    const m = await authorised();
    world.platform.unavailable = true;
    try {
      await world.backOffice.revokeConsent(m.consentId, 'customer');
      await waitFor(
        async () =>
          (await world.query(`SELECT 1 FROM connector.mandate_reports WHERE mandate_id = $1 AND checks > 0`, [m.mandateId])).length ||
          undefined,
        { what: 'a failed report' },
      );
      expect(revocationsOf(m.mandateId)).toHaveLength(0);
    } finally {
      world.platform.unavailable = false;
    }
    await waitFor(async () => revocationsOf(m.mandateId)[0], { what: 'the revocation reported after the outage' });
    await new Promise((r) => setTimeout(r, settle));
    expect(revocationsOf(m.mandateId)).toHaveLength(1);
  });

  it('are refused unless signed by the bank for this client, and a replay changes nothing', async () => {
    const bankKey = await importPKCS8(world.credentials.bankSigning.privateKeyPem, 'PS256');
    const foreignKey = await importPKCS8(world.foreign.bankSigning.privateKeyPem, 'PS256');
    const m = await authorised();
    const about = eventSubject(
      RESOURCE_TYPES.consent,
      m.consentId,
      `${world.bank.issuer}/open-banking/v4.0/pisp/domestic-vrp-consents/${m.consentId}`,
    );
    const claims = (over: Record<string, unknown> = {}) => ({
      iss: world.bank.issuer,
      iat: Math.floor(Date.now() / 1000),
      jti: randomUUID(),
      aud: CLIENT_ID,
      sub: about['http://openbanking.org.uk/rlk'][0]!.link,
      txn: randomUUID(),
      toe: Math.floor(Date.now() / 1000),
      events: { [EVENT_TYPES.consentAuthorizationRevoked]: { reason: 'revoked_by_customer', subject: about } },
      ...over,
    });
    const refused = async (token: string) =>
      expect(world.client.receiveEventNotification({ token, interactionId: '' })).rejects.toMatchObject({
        code: 'validation_error',
        param: 'token',
      });
    await refused(await signEventNotification(claims() as never, { key: foreignKey, kid: world.credentials.bankSigning.kid }));
    await refused(
      await signEventNotification(claims({ aud: 'another-client' }) as never, { key: bankKey, kid: world.credentials.bankSigning.kid }),
    );
    await refused(
      await signEventNotification(claims({ iss: 'https://impostor.example' }) as never, {
        key: bankKey,
        kid: world.credentials.bankSigning.kid,
      }),
    );
    const genuine = await signEventNotification(claims() as never, { key: bankKey, kid: world.credentials.bankSigning.kid });
    const [header, payload] = genuine.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...decodeEventNotificationUnsafe(genuine), aud: CLIENT_ID, jti: randomUUID() })).toString('base64url')}.${genuine.split('.')[2]}`;
    await refused(tampered);
    expect(payload).toBeTruthy();
    await new Promise((r) => setTimeout(r, settle));
    expect(revocationsOf(m.mandateId)).toHaveLength(0);

    // A notification the bank really sent, played again, is taken once.
    await world.backOffice.revokeConsent(m.consentId, 'customer');
    await waitFor(async () => revocationsOf(m.mandateId)[0], { what: 'the revocation reported' });
    const sent = world.relay.received.filter((r) => decodeEventNotificationUnsafe(r.token).sub.endsWith(m.consentId));
    expect(sent.length).toBeGreaterThan(0);
    for (const { token } of sent) await world.client.receiveEventNotification({ token, interactionId: '' });
    await new Promise((r) => setTimeout(r, settle));
    expect(revocationsOf(m.mandateId)).toHaveLength(1);
    expect(
      await world.query(`SELECT 1 FROM connector.seen_notifications WHERE jti = $1`, [decodeEventNotificationUnsafe(sent[0]!.token).jti]),
    ).toHaveLength(1);
  });
});
