import { audit, settled, type Finding } from './audit.js';
import { ChaosCluster } from './cluster.js';
import { newLedger, runWorker } from './load.js';
import { VerifyingReceiver } from './receiver.js';

export interface ChaosOptions {
  /** How long the load runs while faults are injected. */
  seconds: number;
  /** Concurrent merchant clients. */
  workers: number;
  log: (line: string) => void;
  /** Longest wait for the platform to settle after the faults. */
  settleTimeoutMs?: number;
}

export interface ChaosReport {
  ok: boolean;
  faults: string[];
  findings: Finding[];
  requests: Record<string, number>;
}

/** Runs load and faults against a private platform, audits it, prints a summary and tears it down. */
export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const { log } = options;
  const receiver = new VerifyingReceiver();
  await receiver.start();
  log(`chaos: starting the platform (every service its own process, private NATS and database)`);
  const cluster = await ChaosCluster.start({ NODE_EXTRA_CA_CERTS: receiver.caFile });
  const faults: string[] = [];
  try {
    const ledger = newLedger();
    const clients = [];
    for (let i = 0; i < options.workers; i++) {
      const token = cluster.createMerchant(`Chaos merchant ${i + 1}`);
      const path = `/hooks/${i}`;
      const res = await fetch(`${cluster.gatewayUrl}/v1/webhook-endpoints`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiver.url + path }),
      });
      const endpoint = (await res.json()) as { secret?: string; error?: unknown };
      if (!endpoint.secret) throw new Error(`could not register the receiver: ${JSON.stringify(endpoint)}`);
      receiver.secrets.set(path, endpoint.secret);
      clients.push({ base: cluster.gatewayUrl, token });
    }

    const until = Date.now() + options.seconds * 1000;
    const load = Promise.all(clients.map((c) => runWorker(c, ledger, until)));
    // Faults spread over the run: each service killed and restarted, NATS restarted, Postgres cut.
    const plan: { name: string; run: () => Promise<void> }[] = [
      ...cluster.services.map((name) => ({
        name: `kill -9 ${name}`,
        run: async () => {
          await cluster.kill(name);
          await new Promise((r) => setTimeout(r, 500));
          await cluster.startService(name);
        },
      })),
      { name: 'restart NATS', run: async () => (await cluster.nats.stop(), await new Promise((r) => setTimeout(r, 1000)), await cluster.nats.start()) },
      { name: 'terminate Postgres connections', run: async () => void (await cluster.terminateDatabaseConnections()) },
    ];
    const gap = (options.seconds * 1000 * 0.8) / plan.length;
    for (const fault of plan) {
      await new Promise((r) => setTimeout(r, gap));
      const started = Date.now();
      await fault.run();
      faults.push(fault.name);
      log(`chaos: ${fault.name} (${Date.now() - started} ms); ${ledger.payments.size} payments, ${ledger.keys.size} idempotent creates so far`);
    }
    await load;
    log('chaos: load done; waiting for the platform to settle');
    const deadline = Date.now() + (options.settleTimeoutMs ?? 120_000);
    while (!(await settled(cluster.db.url)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1000));
    // Deliveries of the last events may still be on their way to the receiver.
    await new Promise((r) => setTimeout(r, 2000));
    const findings = await audit(cluster.db.url, ledger, receiver);
    const requests = Object.fromEntries(ledger.requests);
    const ok = findings.every((f) => f.violations.length === 0);
    log(`chaos: requests by outcome ${JSON.stringify(requests)}`);
    log(`chaos: faults injected: ${faults.join(', ')}`);
    log(`chaos: ${ledger.mandates.size} mandates, ${ledger.payments.size} payments, ${ledger.keys.size} idempotent creates`);
    for (const f of findings) {
      log(`chaos: ${f.violations.length === 0 ? 'ok  ' : 'FAIL'} ${f.check} (${f.checked} checked)${f.violations.length ? `: ${f.violations.slice(0, 10).join('; ')}` : ''}`);
    }
    log(`chaos: ${ok ? 'every invariant held' : 'INVARIANTS VIOLATED'}`);
    if (!ok) log(cluster.log.slice(-40).join('\n'));
    return { ok, faults, findings, requests };
  } finally {
    await cluster.stop();
    await receiver.stop();
  }
}
