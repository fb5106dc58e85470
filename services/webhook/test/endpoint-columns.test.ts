import { namedQueries, squeezeSql } from '@vrp/testing';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_COLUMNS } from '../src/db/endpoints.js';

// The list page is built at run time, so pgtyped cannot check it: its columns are the typed
// queries' columns, word for word, so its rows have their generated row type.
describe('the columns of an endpoint', () => {
  it('are the select list of every endpoint read in sql/endpoints.sql', () => {
    const reading = namedQueries(new URL('../src/db/sql/endpoints.sql', import.meta.url)).filter((q) => /^SELECT e\.id\b/.test(q.text));
    expect(reading.map((q) => q.name)).toEqual(['FindEndpoint', 'SubscribedEndpoints']);
    for (const query of reading) expect(query.text, query.name).toContain(squeezeSql(ENDPOINT_COLUMNS));
  });
});
