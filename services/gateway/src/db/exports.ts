import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { exports } from '@vrp/contracts';
import { insertOutboxEvent, newDomainEvent } from '@vrp/outbox';
import { createPool, rows, transaction, type SqlPool } from '@vrp/sql';

export type ExportType = 'payments' | 'refunds' | 'mandates' | 'events';
export type ExportFormat = 'csv' | 'jsonl';

/** The keyset position after the last row written: the row's creation time and id. */
export interface ExportPosition {
  seconds: string;
  nanos: number;
  id: string;
}

/** An export as stored. */
export interface ExportRecord {
  id: string;
  merchantId: string;
  type: ExportType;
  format: ExportFormat;
  filters: Record<string, unknown>;
  status: 'pending' | 'completed' | 'failed';
  snapshotAt: Date;
  position: ExportPosition | null;
  rowCount: bigint;
  chunkCount: number;
  attempts: number;
  failure: string | null;
  createdAt: Date;
  completedAt: Date | null;
  expiresAt: Date | null;
}

/** An export a worker holds: its lease token guards every write. */
export interface ClaimedExport extends ExportRecord {
  leaseToken: string;
}

const COLUMNS = `id, merchant_id, type, format, filters, status, snapshot_at, position, row_count::text AS row_count, chunk_count, attempts,
  failure, created_at, completed_at, expires_at`;

interface Row {
  id: string;
  merchant_id: string;
  type: ExportType;
  format: ExportFormat;
  filters: Record<string, unknown>;
  status: ExportRecord['status'];
  snapshot_at: Date;
  position: ExportPosition | null;
  row_count: string;
  chunk_count: number;
  attempts: number;
  failure: string | null;
  created_at: Date;
  completed_at: Date | null;
  expires_at: Date | null;
}

const toRecord = (r: Row): ExportRecord => ({
  id: r.id,
  merchantId: r.merchant_id,
  type: r.type,
  format: r.format,
  filters: r.filters,
  status: r.status,
  snapshotAt: r.snapshot_at,
  position: r.position,
  rowCount: BigInt(r.row_count),
  chunkCount: r.chunk_count,
  attempts: r.attempts,
  failure: r.failure,
  createdAt: r.created_at,
  completedAt: r.completed_at,
  expiresAt: r.expires_at,
});

/** Where a completed export's file is downloaded, under the platform's address `baseUrl`. */
export const downloadUrlOf = (baseUrl: string, id: string) => `${baseUrl}/v1/exports/${id}/download`;

/** An export as the contract's Export: what export.completed carries and what GET /v1/exports/{id} presents. */
export function exportToProto(e: ExportRecord, baseUrl: string): exports.Export {
  const completed = e.status === 'completed';
  return create(exports.ExportSchema, {
    id: e.id,
    merchantId: e.merchantId,
    type: e.type,
    format: e.format,
    filtersJson: JSON.stringify(e.filters),
    status: e.status,
    rowCount: e.rowCount,
    snapshotAt: timestampFromDate(e.snapshotAt),
    createdAt: timestampFromDate(e.createdAt),
    ...(e.completedAt ? { completedAt: timestampFromDate(e.completedAt) } : {}),
    downloadUrl: completed ? downloadUrlOf(baseUrl, e.id) : '',
    ...(completed && e.expiresAt ? { expiresAt: timestampFromDate(e.expiresAt) } : {}),
  });
}

/**
 * Exports and the chunks of their files, in the gateway's own schema, on a small pg pool of their
 * own (files travel as bytea; plain pg keeps a chunk one Buffer, with no engine copying it). Every
 * write of a worker is conditional on its lease token: a worker that lost its lease (it stalled,
 * another took over) changes nothing, so two workers never interleave chunks of one file.
 */
export class ExportStore {
  private readonly pool: SqlPool;

  constructor(
    databaseUrl: string,
    private readonly leaseMs: number,
    /** Where export.completed goes: the stream's subject prefix and the address download_url names. */
    private readonly events: { subjectPrefix: string; publicBaseUrl: string },
    onError: (err: Error) => void = () => undefined,
  ) {
    this.pool = createPool(databaseUrl, { max: 4, onError });
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  async create(e: {
    id: string;
    merchantId: string;
    type: ExportType;
    format: ExportFormat;
    filters: object;
    snapshotAt: Date;
  }): Promise<ExportRecord> {
    const [row] = await rows<Row>(
      this.pool,
      `INSERT INTO gateway.exports (id, merchant_id, type, format, filters, snapshot_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6)
       RETURNING ${COLUMNS}`,
      [e.id, e.merchantId, e.type, e.format, JSON.stringify(e.filters), e.snapshotAt],
    );
    return toRecord(row!);
  }

  /** One export of the merchant, or null (another merchant's is not found either). */
  async find(merchantId: string, id: string): Promise<ExportRecord | null> {
    const [row] = await rows<Row>(this.pool, `SELECT ${COLUMNS} FROM gateway.exports WHERE id = $1 AND merchant_id = $2`, [id, merchantId]);
    return row ? toRecord(row) : null;
  }

  /**
   * Takes the oldest pending export nobody holds (or whose holder's lease lapsed) for `leaseMs`.
   * SKIP LOCKED: concurrent workers take different exports.
   */
  async claim(): Promise<ClaimedExport | null> {
    const token = randomUUID();
    const [row] = await rows<Row>(
      this.pool,
      `UPDATE gateway.exports SET lease_token = $1, lease_until = now() + make_interval(secs => $2), attempts = attempts + 1
        WHERE id = (SELECT id FROM gateway.exports
                     WHERE status = 'pending' AND (lease_until IS NULL OR lease_until < now())
                     ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING ${COLUMNS}`,
      [token, this.leaseMs / 1000],
    );
    return row ? { ...toRecord(row), leaseToken: token } : null;
  }

  /**
   * Appends one chunk holding `count` rows and moves the position past them, renewing the lease,
   * in one transaction. False when the lease was lost (nothing is written then).
   */
  async appendChunk(e: ClaimedExport, data: Buffer, count: number, position: ExportPosition | null): Promise<boolean> {
    const moved = await transaction(this.pool, async (tx) => {
      const updated = await tx.query(
        `UPDATE gateway.exports
            SET chunk_count = chunk_count + 1, row_count = row_count + $3, byte_count = byte_count + $4, position = $5::jsonb,
                lease_until = now() + make_interval(secs => $6)
          WHERE id = $1 AND lease_token = $2 AND status = 'pending' AND chunk_count = $7`,
        [e.id, e.leaseToken, count, data.length, position === null ? null : JSON.stringify(position), this.leaseMs / 1000, e.chunkCount],
      );
      if (updated.rowCount !== 1) return false;
      await tx.query('INSERT INTO gateway.export_chunks (export_id, seq, data) VALUES ($1, $2, $3)', [e.id, e.chunkCount, data]);
      return true;
    });
    if (moved) {
      e.chunkCount += 1;
      e.rowCount += BigInt(count);
      e.position = position;
    }
    return moved;
  }

  /**
   * Marks the export completed (its file whole), to expire after `ttlMs`, and writes export.completed
   * into the gateway's outbox in the same transaction: the event is sent exactly when the export is
   * completed, whatever happens to the worker after the commit. False when the lease was lost.
   */
  async complete(e: ClaimedExport, ttlMs: number): Promise<boolean> {
    return transaction(this.pool, async (tx) => {
      const [row] = await rows<Row>(
        tx,
        `UPDATE gateway.exports
            SET status = 'completed', completed_at = now(), expires_at = now() + make_interval(secs => $3),
                lease_token = NULL, lease_until = NULL
          WHERE id = $1 AND lease_token = $2 AND status = 'pending' AND chunk_count = $4
         RETURNING ${COLUMNS}`,
        [e.id, e.leaseToken, ttlMs / 1000, e.chunkCount],
      );
      if (!row) return false;
      const completed = toRecord(row);
      const event = newDomainEvent('export.completed', completed.merchantId, {
        case: 'export',
        value: exportToProto(completed, this.events.publicBaseUrl),
      });
      await insertOutboxEvent(tx, 'gateway', this.events.subjectPrefix, event);
      return true;
    });
  }

  /** Ends the export as failed, dropping what was written of its file. */
  async fail(id: string, failure: string): Promise<void> {
    await transaction(this.pool, async (tx) => {
      await tx.query(
        `UPDATE gateway.exports SET status = 'failed', failure = $2, lease_token = NULL, lease_until = NULL WHERE id = $1 AND status = 'pending'`,
        [id, failure],
      );
      await tx.query('DELETE FROM gateway.export_chunks WHERE export_id = $1', [id]);
    });
  }

  /** Chunk `seq` of an export's file (read one at a time: a download never holds the whole file). */
  async chunk(id: string, seq: number): Promise<Buffer | null> {
    const [row] = await rows<{ data: Buffer }>(this.pool, 'SELECT data FROM gateway.export_chunks WHERE export_id = $1 AND seq = $2', [
      id,
      seq,
    ]);
    return row?.data ?? null;
  }

  /** Forgets exports past their expiry (their chunks go with them). */
  async purgeExpired(): Promise<void> {
    await this.pool.query('DELETE FROM gateway.exports WHERE expires_at <= now()');
  }
}
