import { randomInt } from 'node:crypto';
import { waitFor } from '@vrp/testing';
import { audit, eventsSettled, unfinished, type Finding } from './audit.js';
import { ChaosCluster } from './cluster.js';
import { auditLimits, LIMIT_SETTINGS, noteLimitAnswer } from './limits.js';
import { call, newLedger, runWorker, seededRandom, type Client, type LoadLedger } from './load.js';
import { VerifyingReceiver } from './receiver.js';
import { summaryTable } from './summary.js';

export interface ChaosOptions {
  /** How long the load runs while faults are injected. */
  seconds: number;
  /** Concurrent merchant clients. */
  workers: number;
  log: (line: string) => void;
  /** Seeds the clients' choices (first attempts cut off, answers re-sent, cancels); random if absent. */
  seed?: number;
  /** Longest wait for the platform to settle after the faults. */
  settleTimeoutMs?: number;
}

export interface ChaosReport {
  ok: boolean;
  seed: number;
  faults: string[];
  findings: Finding[];
  requests: Record<string, number>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Registers the receiver for a merchant (retried a few times: the platform may still be warming up). */
async function registerEndpoint(cluster: ChaosCluster, token: string, url: string): Promise<{ secret: string }> {
  let last = '';
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const res = await fetch(`${cluster.gatewayUrl}/v1/webhook-endpoints`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url }),
        signal: AbortSignal.timeout(10_000),
      });
      const endpoint = (await res.json()) as { secret?: string };
      if (endpoint.secret) return { secret: endpoint.secret };
      last = JSON.stringify(endpoint);
    } catch (err) {
      last = (err as Error).message;
    }
    await sleep(1000);
  }
  throw new Error(`could not register the receiver: ${last}\n${cluster.platform.output().slice(-3000)}`);
}

/**
 * A merchant that registers 20 webhook endpoints at once: 16 are created, the others refused
 * with 422 too_many_endpoints. Its endpoints never get an event (it makes none).
 */
async function probeEndpointLimit(cluster: ChaosCluster, ledger: LoadLedger, random: () => number): Promise<void> {
  const probe: Client = { base: cluster.gatewayUrl, token: cluster.createMerchant('Chaos limits probe'), random };
  await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const created = await call(probe, ledger, 'POST', '/v1/webhook-endpoints', {
        body: { url: `https://sandbox-limits-probe.invalid/hooks/${i}` },
      });
      noteLimitAnswer(ledger.limits, 'endpoint create', created.status, created.body);
    }),
  );
}

/** Runs load and faults against a private platform, audits it, prints a summary and tears it down. */
export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const { log } = options;
  const seed = options.seed ?? randomInt(2 ** 31);
  const random = seededRandom(seed);
  log(`chaos: seed ${seed} (replay its client choices with --seed ${seed})`);
  const receiver = new VerifyingReceiver();
  await receiver.start();
  log('chaos: starting the platform (every service its own process, private NATS, database and stream)');
  let cluster: ChaosCluster;
  try {
    cluster = await ChaosCluster.start({ ...LIMIT_SETTINGS, NODE_EXTRA_CA_CERTS: receiver.caFile });
  } catch (err) {
    await receiver.stop();
    throw err;
  }
  const faults: string[] = [];
  try {
    const ledger = newLedger();
    const clients: Client[] = [];
    for (let i = 0; i < options.workers; i++) {
      const token = cluster.createMerchant(`Chaos merchant ${i + 1}`);
      const path = `/hooks/${i}`;
      const endpoint = await registerEndpoint(cluster, token, receiver.url + path);
      receiver.secrets.set(path, endpoint.secret);
      clients.push({ base: cluster.gatewayUrl, token, random });
    }

    await probeEndpointLimit(cluster, ledger, random);

    const started = Date.now();
    const stop = { at: started + options.seconds * 1000 };
    const load = Promise.all(clients.map((c) => runWorker(c, ledger, stop)));
    const progress = () =>
      `${Math.round((Date.now() - started) / 1000)}s: ${ledger.mandates.size} mandates, ${ledger.payments.size} payments, ${ledger.refunds.size} refunds, ${ledger.keys.size} idempotent creates`;
    // Faults spread over 80% of the run: each service killed and restarted, NATS restarted, Postgres cut.
    const plan: { name: string; run: () => Promise<unknown> }[] = [
      ...cluster.services.map((name) => ({ name: `kill -9 ${name}`, run: () => cluster.killAndRestart(name) })),
      { name: 'restart NATS', run: async () => (await cluster.nats.stop(), await sleep(1000), await cluster.nats.start()) },
      { name: 'terminate Postgres connections', run: () => cluster.terminateDatabaseConnections() },
    ];
    const gap = (options.seconds * 1000 * 0.8) / plan.length;
    for (const [i, fault] of plan.entries()) {
      // Faults at fixed offsets from the start, however long each took to inject.
      await sleep(Math.max(0, started + (i + 1) * gap - Date.now()));
      const t = Date.now();
      await fault.run();
      faults.push(fault.name);
      log(`chaos: ${fault.name} done in ${Date.now() - t} ms; ${progress()}`);
    }
    // The load outlives the last fault by a little, so recovery happens under traffic too.
    stop.at = Math.max(stop.at, Date.now() + 3_000);
    await load;
    log(`chaos: load done (${progress()}); waiting for the platform to settle`);
    const settleTimeoutMs = options.settleTimeoutMs ?? 180_000;
    const calm = await waitFor(async () => (await unfinished(cluster.databaseUrl)).length === 0, {
      timeoutMs: settleTimeoutMs,
      intervalMs: 1000,
      what: 'the platform to settle',
    }).catch(() => false);
    if (!calm) log(`chaos: the platform did not settle within ${settleTimeoutMs} ms; auditing as it is`);
    // The webhook service may still be recording what a killed replica had pulled (back after its
    // ack wait) and sending the last attempts: wait until every event on the stream was recorded
    // and every recorded one seen, within a bound.
    await eventsSettled(cluster.databaseUrl, () => cluster.streamEvents(), receiver);
    const audited = await audit(cluster.databaseUrl, ledger, receiver, await cluster.streamEvents());
    const findings = [...audited.findings, ...(await auditLimits(cluster.databaseUrl, ledger.limits))];
    const { events } = audited;
    const requests = Object.fromEntries([...ledger.requests].sort());
    const ok = findings.every((f) => f.violations.length === 0);
    log(summaryTable({ requests, faults, ledger, findings, events }));
    for (const f of findings.filter((x) => x.violations.length))
      log(`chaos: FAIL ${f.check}:\n  ${f.violations.slice(0, 20).join('\n  ')}`);
    // What the platform logged about each request answered 500, to find where it came from.
    for (const requestId of ledger.serverErrors.flatMap((e) => /X-Request-Id (\S+?)\)/.exec(e)?.[1] ?? [])) {
      const lines = cluster.platform
        .output()
        .split('\n')
        .filter((l) => l.includes(requestId));
      log(`chaos: logs of ${requestId}:\n  ${lines.length ? lines.slice(0, 10).join('\n  ') : '(none)'}`);
    }
    log(`chaos: ${ok ? 'every invariant held' : 'INVARIANTS VIOLATED'} (seed ${seed})`);
    if (!ok)
      log(
        cluster.platform
          .output()
          .split('\n')
          .filter((l) => /error|warn|fatal/i.test(l))
          .slice(-60)
          .join('\n'),
      );
    return { ok, seed, faults, findings, requests };
  } finally {
    await cluster.stop();
    await receiver.stop();
  }
}
