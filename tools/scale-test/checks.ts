/** The scale test's verdicts, pure so they can be read (and tested) apart from the run. */

/** How a service's calls were spread over its replicas: each replica's share against an even one. */
export interface Spread {
  service: string;
  calls: Record<string, number>;
  /** Largest distance of a replica's count from the even share, as a fraction of that share. */
  worstDeviation: number;
}

export function spreadOf(service: string, calls: Record<string, number>): Spread {
  const counts = Object.values(calls);
  const even = counts.reduce((a, b) => a + b, 0) / counts.length;
  const worstDeviation = even === 0 ? 1 : Math.max(...counts.map((c) => Math.abs(c - even) / even));
  return { service, calls, worstDeviation };
}

/** One HTTP request the load made, as its client saw it. */
export interface RequestRecord {
  startedAt: number;
  endedAt: number;
  /** A 5xx answer or no answer at all (not counting attempts the client cut off on purpose). */
  error: string | undefined;
}

/**
 * Errors split by whether their request was in flight while the replicas were being killed: from
 * the signal (`from`) until the last of them had exited (`to`).
 */
export function errorsAroundKill(records: RequestRecord[], from: number, to: number = from) {
  const spans = (r: RequestRecord) => r.startedAt <= to && r.endedAt >= from;
  const errors = records.filter((r) => r.error !== undefined);
  return {
    inFlightAtKill: records.filter(spans).length,
    errorsInFlight: errors.filter(spans),
    errorsOtherwise: errors.filter((r) => !spans(r)),
  };
}

/**
 * A merchant's accepted rate over a window in which its burst is already spent: what the
 * replicas let through together, against the per-merchant limit.
 */
export function acceptedRate(acceptedAt: number[], from: number, to: number): number {
  return acceptedAt.filter((t) => t >= from && t < to).length / ((to - from) / 1000);
}
