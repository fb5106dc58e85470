import { startWorkLoop, type WorkLoop } from '@vrp/runtime';
import { countSealedOtherwise } from '../db/secret-seals.js';
import type { Deps } from '../deps.js';
import { resealSecrets } from '../usecases/reseal-secrets.js';

/**
 * The re-seal job: every WEBHOOK_RESEAL_INTERVAL (and at start) it moves signing secrets sealed
 * with an older key onto the first key WEBHOOK_SECRET_KEY lists (resealSecrets), and logs how
 * many it moved and, once none is left, that the older keys may go.
 */
export class SecretResealer {
  private loop?: WorkLoop;
  /** Whether the last pass left secrets under other keys (so the next one that leaves none says so). */
  private pending = true;
  /** Endpoints whose secret no listed key opens, already logged (once each, not every pass). */
  private readonly reported = new Set<string>();

  constructor(private readonly deps: Pick<Deps, 'sql' | 'config' | 'logger'>) {}

  start(): void {
    this.loop ??= startWorkLoop({
      name: 'secret re-seal',
      pass: () => this.runOnce(),
      // One pass walks every endpoint that needs it: the next is due at the interval, not at once.
      mayHaveMore: () => false,
      intervalMs: this.deps.config.resealIntervalMs,
      logger: this.deps.logger,
    });
  }

  /** One pass now (tests; the loop does it on its own); how many endpoints it re-sealed. */
  async runOnce(): Promise<number> {
    const { config, logger } = this.deps;
    const keyId = config.secretKeys.sealing.id;
    const { resealed, unreadable } = await resealSecrets(this.deps);
    if (resealed > 0) logger.info('signing secrets re-sealed', { key_id: keyId, endpoints: resealed });
    for (const { endpointId, err } of unreadable.filter((u) => !this.reported.has(u.endpointId))) {
      this.reported.add(endpointId);
      logger.error('a signing secret cannot be opened with any key WEBHOOK_SECRET_KEY lists; left as it is', {
        endpoint_id: endpointId,
        err,
      });
    }
    const left = resealed > 0 || unreadable.length > 0 || this.pending ? await countSealedOtherwise(this.deps.sql, keyId) : 0;
    if (left === 0 && this.pending && config.secretKeys.keys.length > 1) {
      logger.info('every signing secret is sealed with the first key listed; the others may be removed', { key_id: keyId });
    }
    this.pending = left > 0;
    return resealed;
  }

  stop(): Promise<void> {
    return this.loop?.stop() ?? Promise.resolve();
  }
}
