import { ApiError } from '@vrp/errors';
import type { Logger } from '@vrp/logging';
import type { GatewayClients } from '../clients.js';
import type { ClaimedExport, ExportStore } from '../db/exports.js';
import type { CursorCodec } from '../lists/index.js';
import { fileHeader, fileLine } from './export-format.js';
import { EXPORT_SOURCES } from './export-sources.js';

export interface ExportWorkerOptions {
  /** How often an idle worker looks for pending exports. */
  pollMs: number;
  /** A chunk is committed once it holds this many bytes (and at the end). */
  chunkBytes: number;
  /** How long a completed export can be downloaded. */
  ttlMs: number;
  /** Claims of one export before it fails instead of being tried again (a worker died each time). */
  maxAttempts: number;
  /** Told when an export completed (e.g. to emit export.completed). */
  onCompleted?: (e: ClaimedExport) => Promise<void>;
}

/**
 * Runs exports in the background: claims a pending one, walks its rows page by page from the
 * service that owns them, and appends the file in chunks, each committed with the position after
 * its last row. Memory holds one page and one chunk, whatever the export's size. A worker that
 * dies mid-export loses only its uncommitted chunk: once its lease lapses another claims the
 * export and resumes at the committed position, so the file is whole and no row is written twice.
 * An export whose rows cannot be read (or that was claimed maxAttempts times) fails cleanly: its
 * chunks are dropped and it is never marked completed.
 */
export class ExportWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly stopping = new AbortController();

  constructor(
    private readonly store: ExportStore,
    private readonly clients: GatewayClients,
    private readonly cursors: CursorCodec,
    private readonly logger: Logger,
    private readonly options: ExportWorkerOptions,
  ) {}

  start(): this {
    this.schedule(0);
    return this;
  }

  /** Looks for work now (after a create), unless a pass is under way. */
  nudge(): void {
    if (!this.running && !this.stopping.signal.aborted) this.schedule(0);
  }

  /** Stops claiming; an export under way stops at its next chunk and is resumed by the next claimer. */
  async stop(): Promise<void> {
    this.stopping.abort();
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.drain()
        .catch((err: unknown) => this.logger.warn('export pass failed', { err }))
        .finally(() => {
          this.running = undefined;
          if (!this.stopping.signal.aborted) this.schedule(this.options.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  /** Runs pending exports one after another until none is left. */
  async drain(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      const claimed = await this.store.claim();
      if (!claimed) return;
      await this.run(claimed);
    }
  }

  private async run(e: ClaimedExport): Promise<void> {
    if (e.attempts > this.options.maxAttempts) {
      await this.store.fail(e.id, 'the export was interrupted too many times');
      this.logger.warn('export failed: interrupted too many times', { export_id: e.id });
      return;
    }
    try {
      if (await this.write(e)) {
        this.logger.info('export completed', { export_id: e.id, rows: Number(e.rowCount) });
        await this.options.onCompleted?.(e);
      }
    } catch (err) {
      // A page the owning service refuses (its filters no longer parse, a bug) never completes.
      if (this.stopping.signal.aborted) return;
      const retryable = isUnavailable(err);
      if (retryable) {
        this.logger.warn('export interrupted; it resumes once its lease lapses', { export_id: e.id, err });
        return;
      }
      this.logger.error('export failed', { export_id: e.id, err });
      await this.store.fail(e.id, 'the rows could not be read');
    }
  }

  /** Writes the rest of the file from the committed position; true once completed, false if the lease was lost or the worker stops. */
  private async write(e: ClaimedExport): Promise<boolean> {
    const source = EXPORT_SOURCES[e.type];
    const parts: string[] = [];
    let bytes = 0;
    let rows = 0;
    if (e.chunkCount === 0) {
      const header = fileHeader(e.type, e.format);
      parts.push(header);
      bytes += Buffer.byteLength(header);
    }
    let position = e.position;
    const flush = async () => {
      const ok = await this.store.appendChunk(e, Buffer.from(parts.join('')), rows, position);
      parts.length = 0;
      bytes = 0;
      rows = 0;
      return ok;
    };
    for (;;) {
      if (this.stopping.signal.aborted) return false;
      const page = await this.readPage(() => source.page(this.clients, e.merchantId, e.filters, e.snapshotAt, position, this.cursors));
      if (!page) return false;
      for (const row of page.rows) {
        const line = fileLine(e.type, e.format, row);
        parts.push(line);
        bytes += Buffer.byteLength(line);
      }
      rows += page.rows.length;
      if (page.last) position = page.last;
      if (!page.hasMore) break;
      if (bytes >= this.options.chunkBytes && !(await flush())) return false;
    }
    // The last chunk (the header alone for an empty export), then completion, both under the lease.
    if (!(await flush())) return false;
    return this.store.complete(e, this.options.ttlMs);
  }

  /**
   * One page from the owning service, tried again in place (after 0.5, 1 and 2 s) while the service
   * is unavailable (a deadline missed on a busy machine, a replica restarting): one slow page must
   * not cost the export its claim. Undefined when the worker stops meanwhile; the last error once
   * the tries are spent.
   */
  private async readPage<T>(read: () => Promise<T>): Promise<T | undefined> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await read();
      } catch (err) {
        if (!isUnavailable(err) || attempt >= PAGE_TRIES || this.stopping.signal.aborted) throw err;
        this.logger.warn('export page unavailable; trying again', { attempt, err });
        await new Promise((resolve) => setTimeout(resolve, PAGE_RETRY_MS * 2 ** (attempt - 1)));
        if (this.stopping.signal.aborted) return undefined;
      }
    }
  }
}

/** Tries of one page read before the export is left for the next claim (see readPage). */
const PAGE_TRIES = 4;
const PAGE_RETRY_MS = 500;

/**
 * A failure that says nothing about the export itself: a service down, a deadline, a lost
 * connection. The service clients answer every remote failure as an ApiError (service_unavailable
 * for those); a bare ConnectError carries the gRPC code.
 */
export function isUnavailable(err: unknown): boolean {
  if (err instanceof ApiError) return err.code === 'service_unavailable';
  const code = (err as { code?: unknown }).code;
  // ConnectError codes: Unavailable (14), DeadlineExceeded (4), Aborted (10), ResourceExhausted (8).
  return typeof code === 'number' && [4, 8, 10, 14].includes(code);
}
