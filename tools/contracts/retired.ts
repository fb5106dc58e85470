/**
 * Packages under proto/ retired whole: their clients move to a successor and the package is then
 * deleted, which breaks nobody once no client calls it. `buf breaking` leaves them out of the
 * contracts it compares against (everything else stays checked file by file), so a retired
 * package is no longer held to compatibility: list one only once its successor is in place.
 */
export const RETIRED_PACKAGES = [
  // The bank simulator's private contract; its successor is vrp/connector/v1 (the bank connector).
  'vrp/bank/v1',
] as const;

/**
 * The `--against-config` that leaves the retired packages out of the previous contracts, for an
 * against input that is the repository at a commit with `subdir=proto` (paths are the repository's).
 */
export function againstConfig(retired: readonly string[] = RETIRED_PACKAGES): string {
  return JSON.stringify({ version: 'v2', modules: [{ path: 'proto', excludes: retired.map((p) => `proto/${p}`) }] });
}
