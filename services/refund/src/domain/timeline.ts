import type { RefundStatus } from './refund-status.js';

/** One status a refund entered and when; stored oldest first. */
export interface TimelineEntry {
  status: RefundStatus;
  at: string;
}

/** Reads a stored timeline, tolerating an empty or malformed column as an empty history. */
export function readTimeline(value: unknown): TimelineEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (e): e is TimelineEntry => typeof e === 'object' && e !== null && typeof e.status === 'string' && typeof e.at === 'string',
  );
}

/** The timeline with `status` entered at `at` appended. */
export function appendTimeline(value: unknown, status: RefundStatus, at: Date): TimelineEntry[] {
  return [...readTimeline(value), { status, at: at.toISOString() }];
}
