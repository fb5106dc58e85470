import type { MandateTerms } from './collection-rules.js';

/** Active terms at a version, as the mandate service replicated them. */
export interface ReplicatedTerms {
  merchantId: string;
  terms: MandateTerms;
  version: bigint;
}

/**
 * This process's memory of replicated mandate terms, most recently used last, at most `capacity`
 * of them. Only a shortcut to the gate row: a create that used an entry is refused at the gate
 * if the row no longer holds those terms at that version, and then forgets the entry.
 */
export class TermsCache {
  private readonly entries = new Map<string, ReplicatedTerms>();

  constructor(private readonly capacity = 100_000) {}

  get(merchantId: string, mandateId: string): ReplicatedTerms | undefined {
    const entry = this.entries.get(mandateId);
    if (!entry || entry.merchantId !== merchantId) return undefined;
    this.entries.delete(mandateId);
    this.entries.set(mandateId, entry);
    return entry;
  }

  set(mandateId: string, entry: ReplicatedTerms): void {
    const known = this.entries.get(mandateId);
    if (known && known.version > entry.version) return;
    this.entries.delete(mandateId);
    this.entries.set(mandateId, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(mandateId: string): void {
    this.entries.delete(mandateId);
  }
}
