import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REFUND_COLUMNS } from '../src/db/refund-sql.js';

const squeeze = (sql: string) => sql.replace(/\s+/g, ' ').trim();

// The list page is built at run time, so pgtyped cannot check it: its columns are the typed
// queries' columns, word for word, so its rows have their generated row type.
describe('the columns of a refund', () => {
  it('are the select list of every refund query in sql/refunds.sql', () => {
    const sql = readFileSync(new URL('../src/db/sql/refunds.sql', import.meta.url), 'utf8');
    const queries = sql.split('/* @name ').slice(1);
    const reading = queries.filter((q) => /\bFROM refund\.refunds r\b|RETURNING r\.id/.test(q));
    expect(reading.map((q) => q.slice(0, q.indexOf(' ')))).toEqual([
      'ReadRefund',
      'ReadRefundById',
      'UndecidedRefunds',
      'UnconfirmedRefunds',
      'UnacknowledgedRefunds',
      'UnreleasedFailedRefunds',
      'TransitionRefund',
    ]);
    for (const query of reading) expect(squeeze(query)).toContain(squeeze(REFUND_COLUMNS));
  });
});
