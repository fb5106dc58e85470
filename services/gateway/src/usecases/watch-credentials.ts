/** What a check of credentials found: the merchant they speak for, null when they no longer speak for anyone, undefined when it could not tell. */
export type CredentialCheck = () => Promise<string | null | undefined>;

interface Watched {
  check: CredentialCheck;
  subscribers: Map<symbol, { merchantId: string; onEnd: () => void }>;
  timer: NodeJS.Timeout;
  checking: boolean;
}

/**
 * Keeps long-lived responses (the event stream) honest about their credentials: every open
 * response with the same credentials (a token, a console session) shares one check every
 * `intervalMs`, however many are open in this process, and each is told to end once its
 * credentials stop speaking for its merchant (revoked, signed out). A check that fails (the
 * database did not answer) changes nothing; the next decides.
 */
export class CredentialWatch {
  private readonly watched = new Map<string, Watched>();

  constructor(
    private readonly intervalMs: number,
    /** Called once per check made, for the metrics. */
    private readonly onCheck: () => void = () => undefined,
  ) {}

  /**
   * Calls `onEnd` once the credentials named `key` (a hash, never the secret) stop speaking for
   * `merchantId`; `check` asks the database. Returns the function that stops watching.
   */
  watch(key: string, merchantId: string, check: CredentialCheck, onEnd: () => void): () => void {
    let entry = this.watched.get(key);
    if (!entry) {
      const created: Watched = {
        check,
        subscribers: new Map(),
        checking: false,
        timer: setInterval(() => void this.tick(key), this.intervalMs),
      };
      this.watched.set(key, created);
      entry = created;
    }
    const id = Symbol(key);
    entry.subscribers.set(id, { merchantId, onEnd });
    return () => {
      const current = this.watched.get(key);
      if (!current?.subscribers.delete(id) || current.subscribers.size > 0) return;
      clearInterval(current.timer);
      this.watched.delete(key);
    };
  }

  /** How many distinct credentials are being watched (one check each per interval). */
  size(): number {
    return this.watched.size;
  }

  /** Stops every check (the gateway is stopping; its streams end anyway). */
  close(): void {
    for (const entry of this.watched.values()) clearInterval(entry.timer);
    this.watched.clear();
  }

  private async tick(key: string): Promise<void> {
    const entry = this.watched.get(key);
    if (!entry || entry.checking) return;
    entry.checking = true;
    this.onCheck();
    try {
      const speaksFor = await entry.check();
      if (speaksFor === undefined) return;
      for (const [id, subscriber] of [...entry.subscribers]) {
        if (speaksFor === subscriber.merchantId) continue;
        entry.subscribers.delete(id);
        subscriber.onEnd();
      }
      if (entry.subscribers.size === 0 && this.watched.get(key) === entry) {
        clearInterval(entry.timer);
        this.watched.delete(key);
      }
    } finally {
      entry.checking = false;
    }
  }
}
