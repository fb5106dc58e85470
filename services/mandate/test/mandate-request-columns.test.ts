import { namedQueries, squeezeSql } from '@vrp/testing';
import { describe, expect, it } from 'vitest';
import { MANDATE_REQUEST_COLUMNS } from '../src/db/mandate-requests.js';

// The list page is built at run time, so pgtyped cannot check it: its columns are the typed
// queries' columns, word for word, so its rows have the generated row type.
describe('the columns of a mandate request', () => {
  it('are the select list of every request query in sql/mandate-requests.sql', () => {
    const reading = namedQueries(new URL('../src/db/sql/mandate-requests.sql', import.meta.url)).filter((q) =>
      q.text.includes('r.id, r.merchant_id'),
    );
    expect(reading.map((q) => q.name)).toEqual([
      'InsertMandateRequest',
      'ReadMandateRequest',
      'SetAuthorisationUrl',
      'EndMandateRequest',
      'ExpireDueMandateRequests',
    ]);
    for (const query of reading) expect(query.text, query.name).toContain(squeezeSql(MANDATE_REQUEST_COLUMNS));
  });
});
