import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EVENT_TYPES } from '@vrp/contracts';
import { generateTestTls, REPO_ROOT, TestReceiver, waitFor } from '@vrp/testing';
import { verifyWebhook } from '@vrp/webhook-verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type SqlPool } from '@vrp/sql';
import { MerchantRepository } from '../src/db/merchants.js';
import { createToken } from '../src/usecases/create-token.js';
import { revokeToken } from '../src/usecases/revoke-token.js';
import { bundleCli, type BundledCli } from './support/cli.js';
import { startPlatform, type Platform } from './support/platform.js';

/**
 * `vrp listen` and `vrp trigger` as a merchant's developer runs them: real child processes
 * talking to the whole platform over HTTP with an API key, forwarding to a local HTTPS server
 * that checks each request with @vrp/webhook-verify, as the merchant's own code would.
 */

const tls = generateTestTls();
const receiver = new TestReceiver(tls);
const dir = mkdtempSync(path.join(tmpdir(), 'vrp-listen-'));
const caFile = path.join(dir, 'ca.pem');
let platform: Platform;
let cli: BundledCli;
let merchant: { id: string; token: string };
let gatewayDb: SqlPool;
const children: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  writeFileSync(caFile, tls.ca);
  await receiver.start();
  [platform, cli] = await Promise.all([startPlatform(), bundleCli()]);
  merchant = await platform.createMerchant();
  gatewayDb = createPool(platform.db.url);
});
afterAll(async () => {
  for (const c of children) c.kill('SIGINT');
  await gatewayDb?.end();
  await platform?.stop();
  await receiver.stop();
  rmSync(dir, { recursive: true, force: true });
  cli?.remove();
});

/** A running CLI process with everything it printed so far. */
interface Run {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number>;
}

function start(...args: string[]): Run {
  // No database or service settings: these commands need only the API address and a key.
  const env = { PATH: process.env.PATH ?? '', NODE_EXTRA_CA_CERTS: caFile };
  const child = spawn(cli.command, [...cli.args, ...args], { env, cwd: REPO_ROOT });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

async function vrp(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const run = start(...args);
  const code = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

describe('vrp listen and vrp trigger', () => {
  it('refuse a bad key in one line with a non-zero exit, and explain themselves with --help', { timeout: 120_000 }, async () => {
    const listen = await vrp('listen', '--api-key', 'vrp_sandbox_not_a_key', '--api-url', platform.url, '--forward-to', receiver.url);
    expect(listen.code).toBe(1);
    expect(listen.stderr.trim().split('\n')).toHaveLength(1);
    expect(listen.stderr).toMatch(/^error: the API key was refused \(401 invalid_token: /);
    const trigger = await vrp('trigger', 'payment.settled', '--api-key', 'vrp_sandbox_not_a_key', '--api-url', platform.url);
    expect(trigger.code).toBe(1);
    expect(trigger.stderr.trim().split('\n')).toHaveLength(1);
    expect(trigger.stderr).toMatch(/^error: the API key was refused/);
    const unknown = await vrp('trigger', 'payment.exploded', '--api-key', merchant.token, '--api-url', platform.url);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("unknown event type 'payment.exploded'");
    for (const command of ['listen', 'trigger']) {
      const help = await vrp(command, '--help');
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`Usage: vrp ${command}`);
      expect(help.stdout).toContain('--api-key');
    }
  });

  it(
    'trigger makes each of the ten events happen for real, and listen forwards each signed like a delivery',
    { timeout: 400_000 },
    async () => {
      // The merchant's receiver verifies with @vrp/webhook-verify and answers 400 when that fails;
      // it answers 503 to mandate.suspended to show the CLI prints whatever the local server says.
      let secret = '';
      receiver.behaviour = (r) => {
        try {
          verifyWebhook({ body: r.rawBody, header: r.headers['x-svc-signature'] as string, secrets: secret });
        } catch {
          return { status: 400, body: 'bad signature' };
        }
        return { status: r.body.event_type === 'mandate.suspended' ? 503 : 200 };
      };
      const listen = start('listen', '--api-key', merchant.token, '--api-url', platform.url, '--forward-to', receiver.url);
      secret = await waitFor(() => /Webhook signing secret: (whsec_\S+)/.exec(listen.stdout())?.[1], {
        what: 'the printed secret',
        timeoutMs: 60_000,
      });
      receiver.secrets = [secret];

      // Each trigger, one after another; every event it causes goes through the stream to the receiver.
      const triggered: { type: string; id: string }[] = [];
      for (const type of EVENT_TYPES) {
        const run = await vrp('trigger', type, '--api-key', merchant.token, '--api-url', platform.url);
        expect(run.stderr).toBe('');
        expect(run.code, `trigger ${type}: ${run.stdout}`).toBe(0);
        const done = /^Triggered (\S+) \((\w+) (\w+)\)$/m.exec(run.stdout);
        expect(done?.[1]).toBe(type);
        triggered.push({ type, id: done![3]! });
      }

      // The receiver gets, for each trigger, the event of that type about the object it reported.
      await waitFor(
        () => {
          const missing = triggered.filter((t) => !receiver.received.some((r) => r.body.event_type === t.type && r.body.data.id === t.id));
          if (missing.length) throw new Error(`not forwarded yet: ${missing.map((m) => `${m.type} ${m.id}`).join(', ')}`);
          return true;
        },
        { what: 'every triggered event at the receiver', timeoutMs: 30_000 },
      );
      // The events API agrees: each was produced by the platform itself, not made up.
      for (const t of triggered) {
        const listed = await platform
          .api(merchant.token)
          .get<{ results: { id: string; data: { id: string } }[] }>(`/v1/webhook-events?event_type=${t.type}&page_size=200`);
        expect(
          listed.body.results.some((e) => e.data.id === t.id),
          `${t.type} of ${t.id} in the events API`,
        ).toBe(true);
      }
      // Every forwarded request: signed like a delivery (verified above and by hand), each event once, in stream order.
      const ids = receiver.received.map((r) => r.body.event_id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const r of receiver.received) {
        expect(r.validSignatures, `${r.body.event_type} signature`).toBe(1);
        expect(r.headers['x-svc-event-id']).toBe(r.body.event_id);
        expect(r.headers['x-svc-event-type']).toBe(r.body.event_type);
        expect(r.headers['x-svc-delivery-attempt']).toBe('1');
        expect(r.headers['x-svc-sandbox']).toBe('true');
        expect(Object.keys(r.body)).toEqual(['event_id', 'event_type', 'created_at', 'data']);
        const stored = await platform.api(merchant.token).get<{ data: unknown }>(`/v1/webhook-events/${r.body.event_id}`);
        expect(stored.body.data).toEqual(r.body.data);
      }
      // One printed line per event with the local answer.
      await waitFor(
        () =>
          listen
            .stdout()
            .split('\n')
            .filter((l) => l.includes('--> POST')).length >= receiver.received.length || null,
        {
          what: 'a line per forwarded event',
        },
      );
      const lines = listen
        .stdout()
        .split('\n')
        .filter((l) => l.includes('--> POST'));
      expect(lines).toHaveLength(receiver.received.length);
      for (const r of receiver.received) {
        const line = lines.find((l) => l.includes(r.body.event_id));
        expect(line, `line for ${r.body.event_id}`).toContain(`${r.body.event_type}`);
        expect(line).toContain(`[${r.answeredWith}]`);
      }
      expect(lines.some((l) => l.includes('mandate.suspended') && l.includes('[503]'))).toBe(true);
      expect(receiver.received.every((r) => r.answeredWith !== 400)).toBe(true);
      listen.child.kill('SIGINT');
      expect(await listen.exited).toBe(0);
    },
  );

  it('listen stops with an error line when its key is revoked', { timeout: 120_000 }, async () => {
    const merchants = new MerchantRepository(gatewayDb);
    const issued = await createToken(merchants, 'sandbox', merchant.id);
    const listen = start('listen', '--api-key', issued.accessToken, '--api-url', platform.url);
    await waitFor(() => listen.stdout().includes('Webhook signing secret:') || null, { what: 'listen to start', timeoutMs: 60_000 });
    await revokeToken(merchants, { tokenId: issued.tokenId });
    expect(await listen.exited).toBe(1);
    expect(listen.stderr()).toMatch(/^error: the API key was refused \(401 invalid_token: .*\)\n$/);
  });
});
