import type { JetStreamClient } from '@nats-io/jetstream';
import { startWorkLoop, type WorkLoop } from '@vrp/runtime';
import type { Logger } from '@vrp/logging';
import { listen, type Listener } from '@vrp/sql';
import { headers } from '@nats-io/transport-node';
import { SpanKind, contextFromTraceparent, inSpan, injectTraceHeaders } from '@vrp/tracing';
import pg from 'pg';

export interface OutboxRelayOptions {
  /** The service's own database. */
  databaseUrl: string;
  /** The service's schema, which holds `outbox_events`. */
  schema: string;
  js: JetStreamClient;
  logger: Logger;
  batchSize?: number;
  /**
   * How often an idle relay looks for new rows by itself. Every commit wakes the relays at once:
   * its own process's (nudge) and every replica's (the outbox's trigger notifies <schema>_outbox,
   * which relays LISTEN to). The poll is the safety net for a listener that is reconnecting, and
   * how the others notice a leader that died without handing over.
   */
  pollIntervalMs?: number;
  /**
   * The least time between the starts of two passes that commits ask for (default
   * RELAY_PASS_GAP_MS): the commits of a busy moment go out in one pass, not one pass each.
   */
  passGapMs?: number;
}

/**
 * 20 ms: an event waits at most this long for the relay beyond its commit; at a few payments per
 * second every commit still gets a pass of its own, from tens per second on they share them.
 */
const RELAY_PASS_GAP_MS = 20;

/**
 * How long an idle leader keeps the seqs JetStream acknowledged before marking them published
 * by themselves. A busy relay marks them in its next read (one round trip a pass, not two); only
 * the last batch before a quiet spell waits this long, and only for its mark: it is on the
 * stream already, and a new leader that published it again would be dropped as a duplicate.
 */
const MARK_DELAY_MS = 250;

interface Row {
  seq: string;
  event_id: string;
  subject: string;
  payload: Buffer;
  traceparent: string | null;
}

/** A row JetStream acknowledged, waiting to be marked published (with the time of its ack). */
interface Published {
  seq: string;
  at: Date;
}

/**
 * Publishes committed outbox rows to JetStream in commit order, with the event id as the
 * JetStream message id so a re-publish after a crash is dropped by the stream.
 *
 * One relay per schema publishes, the leader: the one whose connection holds the schema's
 * session-level advisory lock, for as long as that connection lives (the others try for it on
 * every wake and publish nothing while it is taken). That keeps per-resource order across
 * replicas. A pass is one statement on the leader's own connection: it marks what JetStream
 * acknowledged in the previous pass and reads the next batch. A leader that stops hands over at
 * once: it releases the lock and notifies, which wakes the others; one that dies releases the
 * lock with its connection, and the others take over at their next wake or poll.
 */
export class OutboxRelay {
  private readonly table: string;
  private readonly channel: string;
  private readonly batchSize: number;
  private loop?: WorkLoop;
  private listener?: Listener;
  /** The relay's own connection (not pooled: the leadership lock lives and dies with it). */
  private connection?: Promise<pg.Client>;
  private client?: pg.Client;
  /** Whether `client` holds the lock (session locks stack: it is taken once per connection). */
  private leader = false;
  /** Acknowledged by JetStream, not yet marked published: the next pass marks them. */
  private unmarked: Published[] = [];
  private markTimer?: NodeJS.Timeout;
  /** Passes run one at a time, whoever asks (the loop, flush, stop). */
  private passes: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: OutboxRelayOptions) {
    if (!/^[a-z_][a-z0-9_]*$/.test(options.schema)) throw new Error(`invalid schema name ${options.schema}`);
    this.table = `"${options.schema}"."outbox_events"`;
    this.channel = `${options.schema}_outbox`;
    this.batchSize = Math.max(1, Math.floor(options.batchSize ?? 100));
  }

  /** Starts the background loop and listens for commits of every process. */
  start(): void {
    this.loop ??= startWorkLoop({
      name: 'outbox relay',
      pass: () => this.publishBatch(),
      // Every row committed later comes with a notification (or a nudge when not listening), so
      // a batch short of full leaves nothing behind that the next wake would not find.
      mayHaveMore: (published) => published >= this.batchSize,
      intervalMs: this.options.pollIntervalMs ?? 2000,
      minGapMs: this.options.passGapMs ?? RELAY_PASS_GAP_MS,
      logger: this.options.logger,
    });
    this.listener ??= listen(this.options.databaseUrl, this.channel, () => this.wake(), {
      onError: (err) => this.options.logger.warn('outbox listener lost its connection; listening again', { err }),
    });
  }

  /**
   * Asks an idle loop to look now (call after committing an outbox row). While the relay listens
   * the commit's own NOTIFY wakes it just as soon, so this does nothing then: one pass per
   * commit, not two.
   */
  nudge(): void {
    if (!this.listener?.listening) this.wake();
  }

  private wake(): void {
    this.loop?.nudge();
  }

  /** Whether this relay publishes for its schema now (it holds the lock). */
  get leading(): boolean {
    return this.leader;
  }

  /**
   * Publishes everything pending right now and marks it published; returns how many rows were
   * published (0 when another relay leads).
   */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.publishBatch();
      total += n;
      if (n === 0 && this.unmarked.length === 0) return total;
    }
  }

  /**
   * Stops the loop after its current batch, publishes and marks what is left, and hands over:
   * the lock is released and the other relays are woken to take it.
   */
  async stop(): Promise<void> {
    await this.listener?.close();
    await this.loop?.stop();
    await this.flush().catch((err) => this.options.logger.warn('outbox final flush failed', { err }));
    clearTimeout(this.markTimer);
    const client = await this.connection?.catch(() => undefined);
    if (client) {
      if (this.leader) await client.query(`SELECT pg_advisory_unlock_all(); NOTIFY ${this.channel}`).catch(() => undefined);
      this.drop(client);
    }
  }

  /** The relay's connection, made when first needed and again after it was lost. */
  private connect(): Promise<pg.Client> {
    this.connection ??= (async () => {
      const client = new pg.Client({ connectionString: this.options.databaseUrl });
      this.client = client;
      // A connection Postgres terminates fails the pass that used it, not the service.
      client.on('error', (err) => {
        this.options.logger.warn('outbox connection lost', { err });
        this.drop(client);
      });
      client.on('end', () => this.drop(client));
      try {
        await client.connect();
        await client.query(RELAY_SESSION_SETTINGS);
      } catch (err) {
        this.drop(client);
        throw err;
      }
      return client;
    })();
    return this.connection;
  }

  /** Forgets a connection (and with it the lock); the next pass makes a new one. */
  private drop(client: pg.Client): void {
    if (this.client === client) {
      this.client = undefined;
      this.connection = undefined;
      this.leader = false;
    }
    client.end().catch(() => undefined);
  }

  /**
   * Publishes one row as a producer span of the trace that wrote it; the span's context goes in
   * the message's `traceparent` header for the consumers to continue.
   */
  private publish(row: Row): Promise<unknown> {
    if (!row.traceparent) return this.options.js.publish(row.subject, new Uint8Array(row.payload), { msgID: row.event_id });
    return inSpan(
      `publish ${row.subject}`,
      {
        kind: SpanKind.PRODUCER,
        attributes: {
          'messaging.system': 'nats',
          'messaging.operation.type': 'send',
          'messaging.operation.name': 'publish',
          'messaging.destination.name': row.subject,
          'messaging.message.id': row.event_id,
        },
        parent: contextFromTraceparent(row.traceparent),
      },
      () => {
        const h = headers();
        injectTraceHeaders((name, value) => h.set(name, value));
        return this.options.js.publish(row.subject, new Uint8Array(row.payload), { msgID: row.event_id, headers: h });
      },
    );
  }

  private publishBatch(): Promise<number> {
    const pass = this.passes.then(() => this.pass());
    this.passes = pass.catch(() => undefined);
    return pass;
  }

  /**
   * One round trip to Postgres: mark what the previous pass published, take the lock unless this
   * relay already leads, and read the next batch (see nextBatchSql). Then publish the batch.
   */
  private async pass(): Promise<number> {
    const client = await this.connect();
    const marks = this.unmarked;
    this.unmarked = [];
    let result: pg.QueryResult<Row & { held: boolean }>;
    try {
      result = await client.query({
        name: this.leader ? 'outbox_relay_lead' : 'outbox_relay_try',
        text: nextBatchSql(this.table, this.batchSize, { leading: this.leader }),
        values: [marks.map((m) => m.seq), marks.map((m) => m.at)],
      });
    } catch (err) {
      // Not known to be marked: they go again. A failed statement may have taken the lock
      // all the same (session locks ignore rollbacks), so the connection goes with it.
      this.unmarked = [...marks, ...this.unmarked];
      this.drop(client);
      throw err;
    }
    if (!result.rows[0]?.held) return 0;
    this.leader = true;
    const rows = result.rows.filter((r) => r.seq !== null);
    if (rows.length === 0) return 0;
    // Sent back to back on one connection, so the stream stores them in this order; marked
    // published up to the first that JetStream did not acknowledge (the rest go again).
    const acks = await Promise.allSettled(rows.map((row) => this.publish(row)));
    const at = new Date();
    const firstFailure = acks.findIndex((a) => a.status === 'rejected');
    for (const row of firstFailure === -1 ? rows : rows.slice(0, firstFailure)) this.unmarked.push({ seq: row.seq, at });
    if (firstFailure !== -1) {
      // Another replica, whose JetStream may answer, can lead while this one backs off. What was
      // acknowledged stays in `unmarked`: this relay's next pass marks it, leading or not.
      this.drop(client);
      throw (acks[firstFailure] as PromiseRejectedResult).reason;
    }
    this.markSoon();
    return rows.length;
  }

  /** Wakes the loop to mark the last batch if no other pass does first. */
  private markSoon(): void {
    if (this.markTimer || !this.loop) return;
    this.markTimer = setTimeout(() => {
      this.markTimer = undefined;
      if (this.unmarked.length > 0) this.wake();
    }, MARK_DELAY_MS);
  }
}

/**
 * Settings of the relay's connection.
 *
 * The batch is read with a plain index scan of the partial index of unpublished rows. Without
 * statistics (a new table, or before ANALYZE) the planner prefers a bitmap scan, which visits the
 * heap for the entry of every row published since the last VACUUM and never marks those entries
 * dead; an index scan marks them, so the next read skips them.
 *
 * The pass's marks commit without waiting for the write-ahead log to reach the disk. A mark only
 * says that JetStream has the row: if a crash of Postgres loses the last marks, the rows are
 * published again and the stream drops them as duplicates (the event id is the message id), and
 * the webhook service records an event once whatever arrives. Waiting for the flush bought
 * nothing, and cost every relay pass a disk flush: about a fifth of the platform's flushes
 * under load, and a stall of every pass whenever the disk stalled.
 */
export const RELAY_SESSION_SETTINGS = 'SET enable_bitmapscan = off; SET synchronous_commit = off';

/**
 * The relay's pass, one statement with two parameters: the seqs JetStream acknowledged since the
 * last pass ($1) and when ($2), which it marks published. It takes the relay lock unless the
 * relay already leads (`leading`: the lock is held by its connection), and when held reads up to
 * `batchSize` unpublished rows in seq order (the column's order: the output's `seq` is text, and
 * ordering by it put 10 before 9), leaving out the rows it marks (the read sees the table as it
 * was before the statement). One row with `held` false and no event when another relay leads.
 */
export function nextBatchSql(table: string, batchSize: number, { leading }: { leading: boolean }): string {
  const held = leading ? 'true' : `pg_try_advisory_lock(hashtext('${table}'))`;
  return `WITH marked AS (
           UPDATE ${table} o SET published_at = m.at FROM unnest($1::bigint[], $2::timestamptz[]) AS m(seq, at)
            WHERE o.seq = m.seq AND o.published_at IS NULL),
         relay_lock AS MATERIALIZED (SELECT ${held} AS held)
         SELECT l.held, o.seq::text AS seq, o.event_id, o.subject, o.payload, o.traceparent
           FROM relay_lock l LEFT JOIN LATERAL (
             SELECT seq, event_id, subject, payload, traceparent FROM ${table}
              WHERE l.held AND published_at IS NULL AND seq <> ALL($1::bigint[]) ORDER BY seq LIMIT ${batchSize}) o ON true
          ORDER BY o.seq`;
}
