import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { VRP_BASE_PATH, type ObVrpConsentRequest } from '@vrp/open-banking';
import { request } from 'undici';
import { BACK_OFFICE_TOKEN, REDIRECT_URI, startTestBank, type TestBank } from './bank.js';
import { CLIENT_ID, CLIENT_SIGNING_ISS, TRUST_ANCHOR, testCredentials, type TestCredentials } from './credentials.js';
import { EventReceiver } from './event-receiver.js';
import { consentRequest } from './fixtures.js';
import { Browser, ObClient } from './ob-client.js';

/** Everything a test file works with: one running bank, its client, a browser, an event receiver. */
export interface World {
  credentials: TestCredentials;
  bank: TestBank;
  client: ObClient;
  browser: Browser;
  receiver?: EventReceiver;
  /** A client-credentials token, taken once. */
  ccToken: string;
  /** Calls the back office. */
  backOffice(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Stages a consent and has its customer approve it; its id, request and access token. */
  authorisedConsent(
    customer: string,
    change?: (r: ObVrpConsentRequest) => void,
  ): Promise<{ consentId: string; request: ObVrpConsentRequest; token: string }>;
  /** Stages a consent (AWAU). */
  stagedConsent(customer: string, change?: (r: ObVrpConsentRequest) => void): Promise<{ consentId: string; request: ObVrpConsentRequest }>;
  close(): Promise<void>;
}

/** Starts a world; with `events`, the bank sends event notifications to a local HTTPS receiver. */
export async function startWorld(
  options: { events?: boolean; env?: Record<string, string>; otherClients?: (c: TestCredentials) => unknown[] } = {},
): Promise<World> {
  const credentials = testCredentials();
  const receiver = options.events ? await EventReceiver.start(credentials.creds.bankServer) : undefined;
  const clientsFile = options.otherClients ? path.join(credentials.files.dir, 'clients.json') : undefined;
  if (clientsFile) writeFileSync(clientsFile, JSON.stringify(options.otherClients!(credentials)));
  const bank = await startTestBank(credentials, {
    ...(receiver ? { MODEL_BANK_CLIENT_EVENT_URL: receiver.url } : {}),
    ...(clientsFile ? { MODEL_BANK_CLIENTS_FILE: clientsFile } : {}),
    ...options.env,
  });
  const client = await ObClient.connect({
    issuer: bank.issuer,
    clientId: CLIENT_ID,
    ca: credentials.creds.ca,
    transport: credentials.creds.tppTransport,
    signing: credentials.creds.tppSigning,
    signingIss: CLIENT_SIGNING_ISS,
    trustAnchor: TRUST_ANCHOR,
    redirectUri: REDIRECT_URI,
  });
  const browser = new Browser(credentials.creds.ca);
  const ccToken = await client.clientCredentials();
  const world: World = {
    credentials,
    bank,
    client,
    browser,
    receiver,
    ccToken,
    async backOffice(method, path, body, token = BACK_OFFICE_TOKEN) {
      const answer = await request(new URL(`/back-office${path}`, bank.issuer), {
        method: method as never,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        dispatcher: (client as unknown as { agent: never }).agent,
      });
      const text = await answer.body.text();
      return { status: answer.statusCode, body: text ? JSON.parse(text) : undefined };
    },
    async stagedConsent(customer, change) {
      const consent = consentRequest(customer, change);
      const answer = await client.call('POST', `${VRP_BASE_PATH}/domestic-vrp-consents`, {
        token: ccToken,
        body: consent,
        idempotencyKey: randomUUID(),
      });
      if (answer.status !== 201) throw new Error(`consent not staged: ${answer.status} ${JSON.stringify(answer.body)}`);
      return { consentId: answer.body.Data.ConsentId as string, request: consent };
    },
    async authorisedConsent(customer, change) {
      const { consentId, request: consent } = await world.stagedConsent(customer, change);
      const auth = await client.authorisationRequest(consentId);
      const { callback } = await new Browser(credentials.creds.ca).decide(auth.url, 'approve');
      const tokens = await client.exchange(callback, auth);
      return { consentId, request: consent, token: tokens.access_token };
    },
    async close() {
      await browser.close();
      await client.close();
      await bank.stop();
      await receiver?.stop();
    },
  };
  return world;
}
