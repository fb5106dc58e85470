import { describe, expect, it } from 'vitest';
import { mandateTimeline } from './mandate-timeline.js';

const created = '2026-11-01T09:00:00.000Z';

describe("a mandate's timeline", () => {
  it('starts at creation', () => {
    expect(mandateTimeline({ created_at: created, suspended_at: null, revoked_at: null, revoked_by: null })).toEqual([
      { status: 'created', at: created },
    ]);
  });

  it('shows a suspension and a revocation in order, with who revoked', () => {
    const m = { created_at: created, suspended_at: '2026-11-03T10:00:00.000Z', revoked_at: '2026-11-02T08:00:00Z', revoked_by: 'bank' };
    expect(mandateTimeline(m)).toEqual([
      { status: 'created', at: created },
      { status: 'revoked', at: '2026-11-02T08:00:00Z', note: 'by bank' },
      { status: 'suspended', at: '2026-11-03T10:00:00.000Z' },
    ]);
  });
});
