/**
 * Coalesces many small calls to a peer into few batch calls, without adding latency when the
 * peer is idle: an item is sent on the next turn of the event loop if fewer than
 * `maxInFlight` batches are under way; otherwise it waits for one to finish and goes with
 * everything that queued meanwhile (up to `maxBatch` items per call). Under load the batches
 * grow by themselves; at rest every item travels alone at once.
 *
 * With `minGapMs`, a batch starts no sooner than that after the previous one started: what
 * comes meanwhile waits and goes together (fewer, larger calls at a steady trickle, for a
 * peer that does not need each item at once).
 *
 * `send(items)` returns one result per item, in order: a value, or an Error for that item
 * alone. A failed `send` fails every item of its batch with the same error.
 */
export class Batcher<T, R> {
  private queue: { item: T; resolve: (r: R) => void; reject: (err: unknown) => void }[] = [];
  private inFlight = 0;
  private scheduled = false;
  private lastFlush = -Infinity;

  constructor(
    private readonly send: (items: T[]) => Promise<(R | Error)[]>,
    private readonly options: { maxBatch?: number; maxInFlight?: number; minGapMs?: number } = {},
  ) {}

  /** Sends `item` with the next batch; resolves with its own result. */
  call(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= (this.options.maxInFlight ?? 2) || this.queue.length === 0) return;
    this.scheduled = true;
    const run = () => {
      this.scheduled = false;
      this.flush();
    };
    const wait = this.lastFlush + (this.options.minGapMs ?? 0) - performance.now();
    if (wait > 0) setTimeout(run, wait);
    else setImmediate(run);
  }

  private flush(): void {
    const batch = this.queue.splice(0, this.options.maxBatch ?? 256);
    if (batch.length === 0) return;
    this.lastFlush = performance.now();
    this.inFlight++;
    this.send(batch.map((b) => b.item))
      .then(
        (results) => {
          if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} got ${results.length} results`);
          batch.forEach((b, i) => {
            const result = results[i]!;
            if (result instanceof Error) b.reject(result);
            else b.resolve(result);
          });
        },
        (err: unknown) => {
          for (const b of batch) b.reject(err);
        },
      )
      .catch((err: unknown) => {
        for (const b of batch) b.reject(err);
      })
      .finally(() => {
        this.inFlight--;
        this.schedule();
      });
    this.schedule();
  }
}
