import type { Db } from '../db/client.js';

/** What every use case needs: the database, where events go, and a hook run after a commit. */
export interface MandateDeps {
  db: Db;
  eventSubjectPrefix: string;
  /** Called after a transaction that wrote outbox rows has committed (wakes the relay). */
  afterCommit(): void;
}
