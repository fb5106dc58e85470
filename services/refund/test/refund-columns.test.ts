import { namedQueries, squeezeSql } from '@vrp/testing';
import { describe, expect, it } from 'vitest';
import { REFUND_COLUMNS } from '../src/db/refund-sql.js';

// The list page is built at run time, so pgtyped cannot check it: its columns are the typed
// queries' columns, word for word, so its rows have their generated row type.
describe('the columns of a refund', () => {
  it('are the select list of every refund query in sql/refunds.sql', () => {
    const reading = namedQueries(new URL('../src/db/sql/refunds.sql', import.meta.url)).filter((q) =>
      /\bFROM refund\.refunds r\b|RETURNING r\.id/.test(q.text),
    );
    expect(reading.map((q) => q.name)).toEqual([
      'ReadRefund',
      'ReadRefundById',
      'UndecidedRefunds',
      'UnconfirmedRefunds',
      'UnacknowledgedRefunds',
      'UnreleasedFailedRefunds',
      'TransitionRefund',
    ]);
    for (const query of reading) expect(query.text, query.name).toContain(squeezeSql(REFUND_COLUMNS));
  });
});
