import { randomInt } from 'node:crypto';
import { waitFor } from '@vrp/testing';
import pg from 'pg';
import { audit, eventsSettled, unfinished, type Finding } from '../chaos/audit.js';
import { newLedger, runWorker, seededRandom, type LoadLedger } from '../chaos/load.js';
import { VerifyingReceiver } from '../chaos/receiver.js';
import { acceptedRate, errorsAroundKill, spreadOf, type RequestRecord, type Spread } from './checks.js';
import { GRPC_SERVICES, ReplicaCluster, type Replica } from './replicas.js';

export interface ScaleTestOptions {
  /** Replicas of every gRPC service. */
  perService: number;
  gateways: number;
  /** Length of the load; one replica of each service is killed halfway. */
  seconds: number;
  /** Merchants working at once (spread over the gateways). */
  workers: number;
  /** Every merchant's rate limit (RATE_LIMIT_RPS = RATE_LIMIT_BURST). */
  rateLimit: number;
  seed?: number;
  /** Each service on a database of its own on the local Postgres (default: one shared). */
  databasePerService?: boolean;
  log: (line: string) => void;
}

export interface ScaleTestReport {
  ok: boolean;
  spreads: Spread[];
  findings: Finding[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A replica's calls may be this far from an even share before the kill. */
const SPREAD_TOLERANCE = 0.2;
/** Accepted rate across both gateways may be this far from the limit. */
const RATE_TOLERANCE = 0.1;

/**
 * Every request the load makes goes through fetch: record when it started and ended and whether
 * it failed (5xx or no answer; a first attempt the load cuts off on purpose after a few
 * milliseconds is not a failure). A request a gateway refused to connect goes to another gateway,
 * as the load balancer in front of the gateways does with a gateway that is gone.
 */
function recordRequests(records: RequestRecord[], gateways: string[]): () => void {
  const original = globalThis.fetch;
  const failover = async (input: string, init: RequestInit | undefined): Promise<Response> => {
    try {
      return await original(input, init);
    } catch (err) {
      const refused = ((err as Error).cause as { code?: string } | undefined)?.code === 'ECONNREFUSED';
      const from = gateways.find((g) => input.startsWith(g));
      const to = gateways.find((g) => g !== from);
      if (!refused || !from || !to) throw err;
      return original(to + input.slice(from.length), init);
    }
  };
  globalThis.fetch = async (input, init) => {
    const record: RequestRecord = { startedAt: Date.now(), endedAt: Infinity, error: undefined };
    records.push(record);
    const url = input instanceof Request ? input.url : String(input);
    try {
      const res = await failover(url, init);
      if (res.status >= 500) {
        record.error = `${init?.method ?? 'GET'} ${url} → ${res.status}`;
        void res
          .clone()
          .text()
          .then((body) => (record.error += ` ${body.slice(0, 200)}`))
          .catch(() => undefined);
      }
      // The answer counts as ended once its headers are in; close enough to its body here.
      record.endedAt = Date.now();
      return res;
    } catch (err) {
      record.endedAt = Date.now();
      const cutOnPurpose = (err as Error).name === 'TimeoutError' && record.endedAt - record.startedAt < 1_000;
      const cause = (err as Error).cause as { code?: string; message?: string } | undefined;
      if (!cutOnPurpose)
        record.error = `${init?.method ?? 'GET'} ${url} → ${(err as Error).message} (${cause?.code ?? cause?.message ?? ''})`;
      throw err;
    }
  };
  return () => {
    globalThis.fetch = original;
  };
}

/** A merchant's reads, spread over the gateways, while its worker creates: lists of every kind. */
async function readLoop(bases: string[], token: string, stop: { at: number }): Promise<void> {
  const paths = ['/v1/mandates?page_size=5', '/v1/payments?page_size=5', '/v1/refunds?page_size=5', '/v1/webhook-events?page_size=5'];
  for (let i = 0; Date.now() < stop.at; i++) {
    await fetch(bases[i % bases.length]! + paths[i % paths.length]!, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(8_000),
    })
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
    await sleep(250);
  }
}

/** Registers the receiver for a merchant (retried: the platform may still be warming up). */
async function registerEndpoint(base: string, token: string, url: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${base}/v1/webhook-endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
      signal: AbortSignal.timeout(10_000),
    }).catch((err: unknown) => err as Error);
    const body = res instanceof Error ? undefined : ((await res.json()) as { secret?: string });
    if (body?.secret) return body.secret;
    if (attempt >= 5) throw new Error(`could not register the receiver: ${res instanceof Error ? res.message : JSON.stringify(body)}`);
    await sleep(1000);
  }
}

/**
 * One merchant sending as fast as it can through every gateway at once for `ms`: the times of its
 * accepted requests. The limit is the merchant's, shared by the gateways; what they accept
 * together is compared with it.
 */
async function probeRateLimit(
  bases: string[],
  token: string,
  ms: number,
): Promise<{ accepted: number[]; refused: number; other: Record<number, number>; startedAt: number }> {
  const accepted: number[] = [];
  let refused = 0;
  const other = new Map<number, number>();
  const startedAt = Date.now();
  const until = startedAt + ms;
  await Promise.all(
    bases.flatMap((base) =>
      [0, 1].map(async () => {
        while (Date.now() < until) {
          const res = await fetch(`${base}/v1/mandates?page_size=1`, {
            headers: { authorization: `Bearer ${token}` },
            signal: AbortSignal.timeout(5_000),
          });
          await res.arrayBuffer();
          if (res.status === 200) accepted.push(Date.now());
          else if (res.status === 429) refused++;
          else other.set(res.status, (other.get(res.status) ?? 0) + 1);
        }
      }),
    ),
  );
  return { accepted, refused, other: Object.fromEntries(other), startedAt };
}

/**
 * Holds what the scale test adds to the fault suite's audit: one open payment per mandate, one bank
 * decision per attempt. The rows are read where the audit reads (`databaseUrl`), the index in the
 * payment service's own database (`paymentDatabaseUrl`): with a database per service the audit sees
 * the payment schema through foreign tables, which have no indexes.
 */
async function paymentInvariants(databaseUrl: string, paymentDatabaseUrl: string): Promise<Finding[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const own = new pg.Client({ connectionString: paymentDatabaseUrl });
  await own.connect();
  try {
    const index = await own.query(`SELECT 1 FROM pg_indexes WHERE schemaname = 'payment' AND indexname = 'payments_one_open_per_mandate'`);
    // Two payments of a mandate open (submitted, not yet decided) at the same time, from their timelines.
    const overlapping = await db.query<{ a: string; b: string }>(`
      WITH spans AS (
        SELECT p.id, p.mandate_id,
               min(t.at) FILTER (WHERE t.status = 'submitted') AS opened,
               min(t.at) FILTER (WHERE t.status IN ('settled', 'failed')) AS closed
          FROM payment.payments p JOIN payment.payment_timeline t ON t.payment_id = p.id
         GROUP BY p.id, p.mandate_id)
      SELECT a.id AS a, b.id AS b FROM spans a JOIN spans b
        ON a.mandate_id = b.mandate_id AND a.id < b.id
       AND a.opened < COALESCE(b.closed, 'infinity') AND b.opened < COALESCE(a.closed, 'infinity')`);
    const payments = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM payment.payments')).rows[0]!.n);
    // The bank decides each attempt once: a payment settles once (later 'settled' entries are refunds
    // given back) and fails at most once per attempt. A second submission of an attempt to another
    // bank replica would show as a second decision.
    const decidedTwice = await db.query<{ id: string; settled: string; failed: string; attempts: number }>(`
      SELECT p.id, count(*) FILTER (WHERE t.status = 'settled') AS settled, count(*) FILTER (WHERE t.status = 'failed') AS failed,
             p.retry_count + 1 AS attempts
        FROM payment.payments p JOIN payment.payment_timeline t ON t.payment_id = p.id
        LEFT JOIN (SELECT payment_id, count(*) AS n FROM payment.refund_allocations
                    WHERE confirmed_at IS NOT NULL AND released_at IS NOT NULL GROUP BY payment_id) rel ON rel.payment_id = p.id
       GROUP BY p.id, p.retry_count, rel.n
      HAVING count(*) FILTER (WHERE t.status = 'settled') > 1 + COALESCE(rel.n, 0)
          OR count(*) FILTER (WHERE t.status = 'failed') > p.retry_count + 1`);
    return [
      {
        check: 'one open payment per mandate (index in place, no two open at once)',
        checked: payments,
        violations: [
          ...(index.rowCount ? [] : ['payments_one_open_per_mandate is missing']),
          ...overlapping.rows.map((o) => `${o.a} and ${o.b} open at once on one mandate`),
        ],
      },
      {
        check: 'no payment decided twice by the bank',
        checked: payments,
        violations: decidedTwice.rows.map((d) => `${d.id}: settled ${d.settled}, failed ${d.failed} over ${d.attempts} attempt(s)`),
      },
    ];
  } finally {
    await own.end();
    await db.end();
  }
}

function table(title: string, rows: [string, string | number][]): string {
  const width = Math.max(...rows.map(([k]) => k.length), 10);
  return [title, ...rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`)].join('\n');
}

/** Starts the replicas, runs the load with a kill halfway, audits, prints a summary and tears everything down. */
export async function runScaleTest(options: ScaleTestOptions): Promise<ScaleTestReport> {
  const { log } = options;
  const seed = options.seed ?? randomInt(2 ** 31);
  const random = seededRandom(seed);
  const receiver = new VerifyingReceiver();
  await receiver.start();
  const began = Date.now();
  log(
    `scale-test: seed ${seed}; starting ${options.perService} replicas of each of ${GRPC_SERVICES.length} services, ${options.gateways} gateways and the model bank`,
  );
  let cluster: ReplicaCluster;
  try {
    cluster = await ReplicaCluster.start({
      perService: options.perService,
      gateways: options.gateways,
      databasePerService: options.databasePerService ?? false,
      log,
      settings: {
        NODE_EXTRA_CA_CERTS: receiver.caFile,
        // Eighteen processes share two cores here: a call's deadline must allow for queueing behind them.
        GRPC_TIMEOUT: '10s',
        // Warnings name the cause of each 503 (printed below for any error outside the kill).
        LOG_LEVEL: 'warn',
        RATE_LIMIT_RPS: String(options.rateLimit),
        RATE_LIMIT_BURST: String(options.rateLimit),
        // A mandate's consent is staged at the model bank after its create commits; the sandbox
        // activation must come after that, or it finds no consent to approve and the mandate's
        // payments fail at the bank (bank_rejected). The fault suite's 200 ms is too short for
        // eighteen processes on two cores; the sandbox chart's 2 s leaves room.
        SANDBOX_ACTIVATION_DELAY_MS: '2000',
      },
    });
  } catch (err) {
    await receiver.stop();
    throw err;
  }
  const records: RequestRecord[] = [];
  const restoreFetch = recordRequests(records, cluster.gatewayUrls);
  try {
    const gateways = cluster.gatewayUrls;
    const ledger: LoadLedger = newLedger();
    const [prober, ...tokens] = await cluster.createMerchants([
      'Rate probe',
      ...Array.from({ length: options.workers }, (_, i) => `Scale merchant ${i + 1}`),
    ]);
    for (const [i, token] of tokens.entries()) {
      const path = `/hooks/${i}`;
      receiver.secrets.set(path, await registerEndpoint(gateways[i % gateways.length]!, token!, receiver.url + path));
    }
    log(`scale-test: ${options.workers} merchants and a rate probe onboarded (${Math.round((Date.now() - began) / 1000)} s since start)`);

    // The load: each merchant's creates, idempotent retries, refunds and cancels through one
    // gateway (alternating), its reads through both.
    const started = Date.now();
    const stop = { at: started + options.seconds * 1000 };
    records.length = 0;
    const load = Promise.all([
      ...tokens.map((token, i) => runWorker({ base: gateways[i % gateways.length]!, token: token!, random }, ledger, stop)),
      ...tokens.map((token) => readLoop(gateways, token!, stop)),
    ]);

    await sleep(options.seconds * 500);
    // Calls served by each replica up to now, from its own metrics, then one replica of each service killed.
    const before = new Map<Replica, number>();
    for (const r of cluster.replicas.filter((x) => x.service !== 'gateway' && x.service !== 'model-bank'))
      before.set(r, await cluster.rpcsServed(r));
    const killedAt = Date.now();
    const victims = [...GRPC_SERVICES.map((s) => cluster.of(s)[1 % options.perService]!), cluster.of('gateway')[1 % options.gateways]!];
    await Promise.all(victims.map((v) => cluster.kill(v)));
    const killsDone = Date.now();
    log(
      `scale-test: kill -9 ${victims.map((v) => v.name).join(', ')} at ${Math.round((killedAt - started) / 1000)} s of load (all gone within ${killsDone - killedAt} ms)`,
    );
    await load;
    const loadEnded = Date.now();
    log(
      `scale-test: load done after ${Math.round((loadEnded - started) / 1000)} s: ${records.length} requests; probing the rate limit and letting the platform settle`,
    );

    // The killed gateway is replaced (as its pod would be), so the probe goes through both again.
    const gatewayVictim = victims.find((v) => v.service === 'gateway')!;
    await cluster.restart(gatewayVictim);
    log(`scale-test: ${gatewayVictim.name} started again`);
    const probe = await probeRateLimit(gateways, prober!, 8_000);
    await waitFor(async () => (await unfinished(cluster.databaseUrl)).length === 0, { timeoutMs: 90_000, intervalMs: 1000 }).catch(
      () => false,
    );
    await eventsSettled(cluster.databaseUrl, () => cluster.streamEvents(), receiver);
    const { findings, events } = await audit(cluster.databaseUrl, ledger, receiver, await cluster.streamEvents());
    findings.push(...(await paymentInvariants(cluster.databaseUrl, cluster.databaseUrlOf('payment'))));

    // The load makes no schedules, so the schedule service's replicas take no calls to spread (its
    // exactly-once under racing and killed schedulers is proven by its own tests and the fault suite).
    const spreads = GRPC_SERVICES.filter((s) => s !== 'schedule').map((s) =>
      spreadOf(s, Object.fromEntries(cluster.of(s).map((r) => [r.name, before.get(r) ?? 0]))),
    );
    findings.push({
      check: `calls spread evenly before the kill (each replica within ±${SPREAD_TOLERANCE * 100} % of its share)`,
      checked: spreads.length,
      violations: spreads
        .filter((s) => s.worstDeviation > SPREAD_TOLERANCE)
        .map((s) => `${s.service}: ${JSON.stringify(s.calls)} (${Math.round(s.worstDeviation * 100)} % off)`),
    });
    const around = errorsAroundKill(records, killedAt, killsDone);
    findings.push({
      check: `0 errors beyond the ${around.inFlightAtKill} requests in flight at the kill`,
      checked: records.length,
      violations: around.errorsOtherwise.map(
        (r) => `${Math.round((r.startedAt - killedAt) / 1000)} s from the kill, after ${r.endedAt - r.startedAt} ms: ${r.error}`,
      ),
    });
    // The burst is spent within the first second at the probe's pace; the rest of the window is the limit.
    const rate = acceptedRate(probe.accepted, probe.startedAt + 2_000, probe.startedAt + 8_000);
    findings.push({
      check: `a merchant's accepted rate across ${gateways.length} gateways within ${RATE_TOLERANCE * 100} % of its limit (${options.rateLimit}/s)`,
      checked: probe.accepted.length + probe.refused,
      violations: Math.abs(rate - options.rateLimit) / options.rateLimit > RATE_TOLERANCE ? [`accepted ${rate.toFixed(1)}/s`] : [],
    });

    const ok = findings.every((f) => f.violations.length === 0);
    const after = new Map<Replica, number>();
    for (const r of cluster.replicas.filter((x) => x.service !== 'gateway' && x.service !== 'model-bank' && !x.killed))
      after.set(r, await cluster.rpcsServed(r));
    log(
      [
        table(
          'calls served per replica before the kill (from each replica’s /metrics; † killed)',
          spreads.map((s) => [
            s.service,
            `${Object.entries(s.calls)
              .map(([name, n]) => `${name}${victims.some((v) => v.name === name) ? '†' : ''} ${n}`)
              .join('  ')}   (worst ${Math.round(s.worstDeviation * 100)} % off even)`,
          ]),
        ),
        table('after the kill, survivors served in total', [
          ...GRPC_SERVICES.map((s): [string, string] => [
            s,
            cluster
              .of(s)
              .filter((r) => !r.killed)
              .map((r) => `${r.name} ${(after.get(r) ?? 0) - (before.get(r) ?? 0)}`)
              .join('  '),
          ]),
        ]),
        table('load', [
          ['seconds', `${Math.round((loadEnded - started) / 1000)} (kill at ${Math.round((killedAt - started) / 1000)})`],
          ['HTTP requests', records.length],
          ['answers by status', JSON.stringify(Object.fromEntries([...ledger.requests].sort()))],
          ['in flight at the kill', around.inFlightAtKill],
          ['errors in flight at the kill', around.errorsInFlight.length],
          ['errors otherwise', around.errorsOtherwise.length],
          ['mandates / payments / refunds', `${ledger.mandates.size} / ${ledger.payments.size} / ${ledger.refunds.size}`],
          ['idempotent creates', `${ledger.keys.size} (${ledger.cutFirstAttempts} first attempts cut off by the client)`],
          [
            'events expected / recorded / on stream / delivered',
            `${events.expected} / ${events.recorded} / ${events.onStream} / ${events.delivered}`,
          ],
        ]),
        table('rate limit probe (one merchant, both gateways at once)', [
          ['accepted / refused / other', `${probe.accepted.length} / ${probe.refused} / ${JSON.stringify(probe.other)}`],
          ['accepted rate after the burst', `${rate.toFixed(1)}/s against a limit of ${options.rateLimit}/s`],
        ]),
        table(
          'checks',
          findings.map((f): [string, string] => [f.violations.length ? 'FAIL' : 'ok', `${f.check} (${f.checked} checked)`]),
        ),
      ].join('\n'),
    );
    for (const f of findings.filter((x) => x.violations.length))
      log(`scale-test: FAIL ${f.check}:\n  ${f.violations.slice(0, 15).join('\n  ')}`);
    log(`scale-test: ${ok ? 'every check held' : 'CHECKS FAILED'} in ${Math.round((Date.now() - began) / 1000)} s (seed ${seed})`);
    // What the replicas logged about each request that failed outside the kill.
    for (const requestId of around.errorsOtherwise.flatMap((r) => /"request_id":"([^"]+)"/.exec(r.error ?? '')?.[1] ?? []).slice(0, 5)) {
      const lines = cluster
        .logs()
        .split('\n')
        .filter((l) => l.includes(requestId));
      log(`scale-test: logs of ${requestId}:\n  ${lines.length ? lines.slice(0, 6).join('\n  ') : '(none)'}`);
    }
    return { ok, spreads, findings };
  } finally {
    restoreFetch();
    await cluster.stop();
    await receiver.stop();
  }
}
