/**
 * Packages under proto/ retired whole: every client of theirs is gone from the platform, so
 * deleting them breaks nobody. `buf breaking` leaves them out of the contracts it compares
 * against (the rest stays checked file by file). A package joins this list in the change that
 * removes its last client, never while one still calls it.
 */
export const RETIRED_PACKAGES = ['vrp/bank/v1'] as const;

/**
 * The `--against-config` that leaves the retired packages out of the previous contracts, for an
 * against input that is the repository at a commit with `subdir=proto` (paths are the repository's).
 */
export function againstConfig(retired: readonly string[] = RETIRED_PACKAGES): string {
  return JSON.stringify({ version: 'v2', modules: [{ path: 'proto', excludes: retired.map((p) => `proto/${p}`) }] });
}
