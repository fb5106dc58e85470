import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { exports } from '@vrp/contracts';
import { insertOutboxEvent, newDomainEvent } from '@vrp/outbox';
import { createPool, transaction, type SqlPool } from '@vrp/sql';
import {
  advanceExport,
  claimExport,
  completeExport,
  deleteExpiredExports,
  deleteExportChunks,
  failExport,
  insertExport,
  insertExportChunk,
  selectExport,
  selectExportChunk,
  type ISelectExportResult,
} from '../generated/sql/exports.queries.js';

export type ExportType = 'payments' | 'refunds' | 'mandates' | 'events';
export type ExportFormat = 'csv' | 'jsonl';

/** The keyset position after the last row written: the row's creation time and id. */
export interface ExportPosition {
  seconds: string;
  nanos: number;
  id: string;
}

type Row = ISelectExportResult;

/** An export as stored. */
export type ExportRecord = Omit<Row, 'type' | 'format' | 'filters' | 'status' | 'position' | 'rowCount'> & {
  type: ExportType;
  format: ExportFormat;
  filters: Record<string, unknown>;
  status: 'pending' | 'completed' | 'failed';
  position: ExportPosition | null;
  rowCount: bigint;
};

/** An export a worker holds: its lease token guards every write. */
export interface ClaimedExport extends ExportRecord {
  leaseToken: string;
}

/** The columns hold what was written through this module only: its own types, and the row count as a bigint. */
const toRecord = (r: Row): ExportRecord => ({
  ...r,
  type: r.type as ExportType,
  format: r.format as ExportFormat,
  filters: r.filters as Record<string, unknown>,
  status: r.status as ExportRecord['status'],
  position: r.position as ExportPosition | null,
  rowCount: BigInt(r.rowCount),
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
    const [row] = await insertExport.run({ ...e, filters: JSON.stringify(e.filters) }, this.pool);
    return toRecord(row!);
  }

  /** One export of the merchant, or null (another merchant's is not found either). */
  async find(merchantId: string, id: string): Promise<ExportRecord | null> {
    const [row] = await selectExport.run({ id, merchantId }, this.pool);
    return row ? toRecord(row) : null;
  }

  /**
   * Takes the oldest pending export nobody holds (or whose holder's lease lapsed) for `leaseMs`.
   * SKIP LOCKED: concurrent workers take different exports.
   */
  async claim(): Promise<ClaimedExport | null> {
    const token = randomUUID();
    const [row] = await claimExport.run({ leaseToken: token, leaseSeconds: this.leaseMs / 1000 }, this.pool);
    return row ? { ...toRecord(row), leaseToken: token } : null;
  }

  /**
   * Appends one chunk holding `count` rows and moves the position past them, renewing the lease,
   * in one transaction. False when the lease was lost (nothing is written then).
   */
  async appendChunk(e: ClaimedExport, data: Buffer, count: number, position: ExportPosition | null): Promise<boolean> {
    const moved = await transaction(this.pool, async (tx) => {
      const { rowCount } = await advanceExport.runWithCounts(
        {
          id: e.id,
          leaseToken: e.leaseToken,
          chunkCount: e.chunkCount,
          rows: count,
          bytes: data.length,
          position: position === null ? null : JSON.stringify(position),
          leaseSeconds: this.leaseMs / 1000,
        },
        tx,
      );
      if (rowCount !== 1) return false;
      await insertExportChunk.run({ exportId: e.id, seq: e.chunkCount, data }, tx);
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
      const [row] = await completeExport.run(
        { id: e.id, leaseToken: e.leaseToken, ttlSeconds: ttlMs / 1000, chunkCount: e.chunkCount },
        tx,
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
      await failExport.run({ id, failure }, tx);
      await deleteExportChunks.run({ exportId: id }, tx);
    });
  }

  /** Chunk `seq` of an export's file (read one at a time: a download never holds the whole file). */
  async chunk(id: string, seq: number): Promise<Buffer | null> {
    const [row] = await selectExportChunk.run({ exportId: id, seq }, this.pool);
    return row?.data ?? null;
  }

  /** Forgets exports past their expiry (their chunks go with them). */
  async purgeExpired(): Promise<void> {
    await deleteExpiredExports.run(undefined, this.pool);
  }
}
