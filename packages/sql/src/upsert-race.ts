/** Postgres's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * Runs an `INSERT … ON CONFLICT (key) DO …` once more when it lost a race on another unique index
 * of its table. Postgres settles a race between two such inserts of a new key on the conflict
 * target only: when both insert at once and the table has a second unique index over the same
 * row (one a composite foreign key refers to, say), the loser can fail with unique_violation on
 * that index instead of taking its ON CONFLICT branch (about 3 races in 100 when measured). By the
 * time it fails the winner has committed, so the second run finds the row and takes the
 * branch. A duplicate that is not a race fails the second run too, and that error is thrown.
 * For a statement run on its own: inside a transaction the failure has aborted the transaction.
 */
export async function retryingUniqueRace<T>(upsert: () => Promise<T>): Promise<T> {
  try {
    return await upsert();
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code !== UNIQUE_VIOLATION) throw err;
    return upsert();
  }
}
