import { describe, expect, it } from 'vitest';
import { auditCsvUrl, auditQuery } from './console-api.js';

describe('audit log queries', () => {
  it('carry only the filters that are set, and the page position', () => {
    expect(auditQuery({})).toBe('');
    expect(auditQuery({ action: 'user.removed', 'created_at[gte]': '' }, { before: '42' })).toBe('?action=user.removed&before=42');
    expect(auditCsvUrl({ 'created_at[gte]': '2026-11-01T00:00:00Z' })).toBe(
      '/console/api/audit-log.csv?created_at%5Bgte%5D=2026-11-01T00%3A00%3A00Z',
    );
  });
});
