/** The times the API gives about a mandate (it keeps no list of transitions for mandates). */
export interface MandateTimes {
  created_at: string;
  suspended_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

export interface TimelineEntry {
  status: string;
  at: string;
  note?: string;
}

/** A mandate's timeline from those times: created, suspended (while it is), revoked and by whom; oldest first. */
export function mandateTimeline(m: MandateTimes): TimelineEntry[] {
  const entries: TimelineEntry[] = [{ status: 'created', at: m.created_at }];
  if (m.suspended_at) entries.push({ status: 'suspended', at: m.suspended_at });
  if (m.revoked_at) entries.push({ status: 'revoked', at: m.revoked_at, ...(m.revoked_by ? { note: `by ${m.revoked_by}` } : {}) });
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
