import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MANDATE_REQUEST_COLUMNS } from '../src/db/mandate-requests.js';

const squeeze = (sql: string) => sql.replace(/\s+/g, ' ').trim();

// The list page is built at run time, so pgtyped cannot check it: its columns are the typed
// queries' columns, word for word, so its rows have the generated row type.
describe('the columns of a mandate request', () => {
  it('are the select list of every request query in sql/mandate-requests.sql', () => {
    const sql = readFileSync(new URL('../src/db/sql/mandate-requests.sql', import.meta.url), 'utf8');
    const queries = sql.split('/* @name ').slice(1);
    const reading = queries.filter((q) => q.includes('r.id, r.merchant_id'));
    expect(reading.map((q) => q.slice(0, q.indexOf(' ')))).toEqual([
      'InsertMandateRequest',
      'ReadMandateRequest',
      'SetAuthorisationUrl',
      'EndMandateRequest',
      'ExpireDueMandateRequests',
    ]);
    for (const query of reading) expect(squeeze(query)).toContain(squeeze(MANDATE_REQUEST_COLUMNS));
  });
});
