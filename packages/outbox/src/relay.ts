import type { JetStreamClient } from '@nats-io/jetstream';
import { startWorkLoop, type WorkLoop } from '@vrp/runtime';
import type { Logger } from '@vrp/logging';
import { createPool, listen, onConnection, type Listener, type SqlPool } from '@vrp/sql';
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
   * which relays LISTEN to); a relay that finds another one publishing looks again shortly. The
   * poll is only the safety net for a listener that is reconnecting.
   */
  pollIntervalMs?: number;
}

/** How soon a relay that found another one publishing looks again. */
const LOCK_RETRY_MS = 25;

interface Row {
  seq: string;
  event_id: string;
  subject: string;
  payload: Buffer;
  traceparent: string | null;
}

/**
 * Publishes committed outbox rows to JetStream in commit order, with the event id as the
 * JetStream message id so a re-publish after a crash is dropped by the stream. Only one relay
 * per schema publishes at a time (a transaction-scoped advisory lock), which keeps per-resource
 * order across replicas. A row is marked published only after JetStream acknowledged it.
 */
export class OutboxRelay {
  private readonly pool: SqlPool;
  private readonly table: string;
  private readonly batchSize: number;
  private loop?: WorkLoop;
  private listener?: Listener;
  /** Set while a relay that found the lock taken waits to look again. */
  private lockRetry?: NodeJS.Timeout;

  constructor(private readonly options: OutboxRelayOptions) {
    if (!/^[a-z_][a-z0-9_]*$/.test(options.schema)) throw new Error(`invalid schema name ${options.schema}`);
    // A connection Postgres terminates fails the query that used it, not the service.
    this.pool = createPool(options.databaseUrl, { max: 2, onError: (err) => options.logger.warn('outbox connection lost', { err }) });
    this.table = `"${options.schema}"."outbox_events"`;
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
      logger: this.options.logger,
    });
    this.listener ??= listen(this.options.databaseUrl, `${this.options.schema}_outbox`, () => this.wake(), {
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

  /** Publishes everything pending right now; returns how many rows were published. */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.publishBatch();
      total += n;
      if (n === 0) return total;
    }
  }

  /** Stops the loop after its current batch, publishes what is left, and closes the pool. */
  async stop(): Promise<void> {
    await this.listener?.close();
    await this.loop?.stop();
    await this.flush().catch((err) => this.options.logger.warn('outbox final flush failed', { err }));
    clearTimeout(this.lockRetry);
    await this.pool.end();
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
        attributes: { 'messaging.system': 'nats', 'messaging.destination.name': row.subject, 'messaging.message.id': row.event_id },
        parent: contextFromTraceparent(row.traceparent),
      },
      () => {
        const h = headers();
        injectTraceHeaders((name, value) => h.set(name, value));
        return this.options.js.publish(row.subject, new Uint8Array(row.payload), { msgID: row.event_id, headers: h });
      },
    );
  }

  /**
   * Two round trips per batch. The first opens the transaction, tries the relay lock once and
   * reads the batch (one row with `held` false when another relay has the lock: the scan does
   * not even start); the second marks what JetStream acknowledged and commits. A relay that
   * found the lock taken looks again after LOCK_RETRY_MS: the row its own process just committed
   * may have come after the other relay's read. Multi-statement text cannot take parameters:
   * the table is a checked identifier and the seqs are Postgres's own digits.
   */
  private publishBatch(): Promise<number> {
    return onConnection(this.pool, async (client) => {
      const results = (await client.query(
        `BEGIN; ${NEXT_BATCH_SETTINGS} ${nextBatchSql(this.table, this.batchSize)}`,
      )) as unknown as pg.QueryResult<Row & { held: boolean }>[];
      const batch = results[results.length - 1]!;
      if (!batch.rows[0]?.held) {
        await client.query('COMMIT');
        this.lockRetry ??= setTimeout(() => {
          this.lockRetry = undefined;
          this.wake();
        }, LOCK_RETRY_MS);
        return 0;
      }
      const rows = batch.rows.filter((r) => r.seq !== null);
      const published: string[] = [];
      try {
        // Sent back to back on one connection, so the stream stores them in this order; marked
        // published up to the first that JetStream did not acknowledge (the rest go again).
        const acks = await Promise.allSettled(rows.map((row) => this.publish(row)));
        const firstFailure = acks.findIndex((a) => a.status === 'rejected');
        for (const row of firstFailure === -1 ? rows : rows.slice(0, firstFailure)) published.push(row.seq);
        if (firstFailure !== -1) throw (acks[firstFailure] as PromiseRejectedResult).reason;
      } finally {
        const mark = published.length
          ? `UPDATE ${this.table} SET published_at = now() WHERE seq = ANY('{${published.filter((seq) => /^\d+$/.test(seq)).join(',')}}'::bigint[]); `
          : '';
        await client.query(`${mark}COMMIT`);
      }
      return rows.length;
    });
  }
}

/**
 * Settings for the transaction that reads the next batch: a plain index scan of the partial index
 * of unpublished rows. Without statistics (a new table, or before ANALYZE) the planner prefers a
 * bitmap scan, which visits the heap for the entry of every row published since the last VACUUM
 * and never marks those entries dead; an index scan marks them, so the next read skips them.
 */
export const NEXT_BATCH_SETTINGS = 'SET LOCAL enable_bitmapscan = off;';

/**
 * The relay's read: tries the relay lock once and, when held, reads up to `batchSize` unpublished
 * rows in seq order (the column's order: the output's `seq` is text, and ordering by it put 10
 * before 9). One row with `held` false and no event when another relay has the lock.
 */
export function nextBatchSql(table: string, batchSize: number): string {
  return `WITH relay_lock AS MATERIALIZED (SELECT pg_try_advisory_xact_lock(hashtext('${table}')) AS held)
         SELECT l.held, o.seq::text AS seq, o.event_id, o.subject, o.payload, o.traceparent
           FROM relay_lock l LEFT JOIN LATERAL (
             SELECT seq, event_id, subject, payload, traceparent FROM ${table}
              WHERE l.held AND published_at IS NULL ORDER BY seq LIMIT ${batchSize}) o ON true
          ORDER BY o.seq`;
}
