import { randomUUID } from 'node:crypto';
import type { Db } from './client.js';

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

type Row = Omit<ExportRecord, 'type' | 'format' | 'status' | 'filters' | 'position'> & {
  type: string;
  format: string;
  status: string;
  filters: unknown;
  position: unknown;
};
const toRecord = (r: Row): ExportRecord => r as ExportRecord;

/**
 * Exports and the chunks of their files, in the gateway's own schema. Every write of a worker is
 * conditional on its lease token: a worker that lost its lease (it stalled, another took over)
 * changes nothing, so two workers never interleave chunks of one file.
 */
export class ExportStore {
  constructor(
    private readonly db: Db,
    private readonly leaseMs: number,
  ) {}

  async create(e: {
    id: string;
    merchantId: string;
    type: ExportType;
    format: ExportFormat;
    filters: object;
    snapshotAt: Date;
  }): Promise<ExportRecord> {
    const row = await this.db.export.create({
      data: { id: e.id, merchantId: e.merchantId, type: e.type, format: e.format, filters: e.filters, snapshotAt: e.snapshotAt },
    });
    return toRecord(row as Row);
  }

  /** One export of the merchant, or null (another merchant's is not found either). */
  async find(merchantId: string, id: string): Promise<ExportRecord | null> {
    const row = await this.db.export.findFirst({ where: { id, merchantId } });
    return row ? toRecord(row as Row) : null;
  }

  /**
   * Takes the oldest pending export nobody holds (or whose holder's lease lapsed) for `leaseMs`.
   * SKIP LOCKED: concurrent workers take different exports.
   */
  async claim(): Promise<ClaimedExport | null> {
    const token = randomUUID();
    const [row] = await this.db.$queryRaw<{ id: string }[]>`
      UPDATE "gateway"."exports" SET lease_token = ${token}, lease_until = now() + make_interval(secs => ${this.leaseMs / 1000}),
             attempts = attempts + 1
       WHERE id = (SELECT id FROM "gateway"."exports"
                    WHERE status = 'pending' AND (lease_until IS NULL OR lease_until < now())
                    ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id`;
    if (!row) return null;
    const found = await this.db.export.findUnique({ where: { id: row.id } });
    return found && found.leaseToken === token ? { ...toRecord(found as Row), leaseToken: token } : null;
  }

  /**
   * Appends one chunk holding `rows` rows and moves the position past them, renewing the lease,
   * in one transaction. False when the lease was lost (nothing is written then).
   */
  async appendChunk(e: ClaimedExport, data: Buffer, rows: number, position: ExportPosition | null): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const moved = await tx.$executeRaw`
        UPDATE "gateway"."exports"
           SET chunk_count = chunk_count + 1, row_count = row_count + ${rows}, byte_count = byte_count + ${data.length},
               position = ${position === null ? null : JSON.stringify(position)}::jsonb,
               lease_until = now() + make_interval(secs => ${this.leaseMs / 1000})
         WHERE id = ${e.id} AND lease_token = ${e.leaseToken} AND status = 'pending' AND chunk_count = ${e.chunkCount}`;
      if (moved !== 1) return false;
      await tx.exportChunk.create({ data: { exportId: e.id, seq: e.chunkCount, data: new Uint8Array(data) } });
      e.chunkCount += 1;
      e.rowCount += BigInt(rows);
      e.position = position;
      return true;
    });
  }

  /** Marks the export completed (its file whole), to expire after `ttlMs`. False when the lease was lost. */
  async complete(e: ClaimedExport, ttlMs: number): Promise<boolean> {
    const done = await this.db.$executeRaw`
      UPDATE "gateway"."exports"
         SET status = 'completed', completed_at = now(), expires_at = now() + make_interval(secs => ${ttlMs / 1000}),
             lease_token = NULL, lease_until = NULL
       WHERE id = ${e.id} AND lease_token = ${e.leaseToken} AND status = 'pending' AND chunk_count = ${e.chunkCount}`;
    return done === 1;
  }

  /** Ends the export as failed, dropping what was written of its file. */
  async fail(id: string, failure: string): Promise<void> {
    await this.db.$transaction([
      this.db.$executeRaw`UPDATE "gateway"."exports" SET status = 'failed', failure = ${failure}, lease_token = NULL, lease_until = NULL
                            WHERE id = ${id} AND status = 'pending'`,
      this.db.exportChunk.deleteMany({ where: { exportId: id } }),
    ]);
  }

  /** Chunk `seq` of an export's file (read one at a time: a download never holds the whole file). */
  async chunk(id: string, seq: number): Promise<Buffer | null> {
    const row = await this.db.exportChunk.findUnique({ where: { exportId_seq: { exportId: id, seq } }, select: { data: true } });
    return row ? Buffer.from(row.data) : null;
  }

  /** Forgets exports past their expiry (their chunks go with them). */
  async purgeExpired(now = new Date()): Promise<void> {
    await this.db.export.deleteMany({ where: { expiresAt: { lte: now } } });
  }
}
