import type { MerchantRepository } from './merchants.js';

type LiveToken = Awaited<ReturnType<MerchantRepository['findLiveToken']>>;

/** How many token answers are kept at most; the oldest go first. */
const MAX_ENTRIES = 10_000;

/**
 * Token-hash → merchant answers (including "no such live token"), each kept for at most `ttlMs`
 * counted from when its query started, so a revocation committed anywhere takes effect on every
 * gateway within `ttlMs` (AUTH_CACHE_TTL, at most 1 s). Concurrent requests with one token
 * share one query. A failed query is not kept.
 */
export class LiveTokenCache {
  private readonly entries = new Map<string, { at: number; answer: Promise<LiveToken> }>();

  constructor(
    private readonly repository: Pick<MerchantRepository, 'findLiveToken'>,
    private readonly ttlMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  findLiveToken(hash: string): Promise<LiveToken> {
    const at = this.now();
    const kept = this.entries.get(hash);
    if (kept && at - kept.at < this.ttlMs) return kept.answer;
    const answer = this.repository.findLiveToken(hash);
    if (this.ttlMs <= 0) return answer;
    const entry = { at, answer };
    this.entries.delete(hash); // re-inserted last: the map's order is the eviction order
    this.entries.set(hash, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    answer.catch(() => {
      if (this.entries.get(hash) === entry) this.entries.delete(hash);
    });
    return answer;
  }
}
