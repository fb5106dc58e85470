import { namedQueries, squeezeSql } from '@vrp/testing';
import { describe, expect, it } from 'vitest';
import { EVENT_COLUMNS } from '../src/db/events.js';

// The list page is built at run time, so pgtyped cannot check it: its columns are the typed
// queries' columns, word for word, so its rows have their generated row type.
describe('the columns of an event', () => {
  it('are the select list of every event read in sql/events.sql', () => {
    const reading = namedQueries(new URL('../src/db/sql/events.sql', import.meta.url)).filter((q) =>
      /\bFROM webhook\.events ev\b/.test(q.text),
    );
    expect(reading.map((q) => q.name)).toEqual(['EventById', 'MerchantEvent']);
    for (const query of reading) expect(query.text, query.name).toContain(squeezeSql(EVENT_COLUMNS));
  });
});
