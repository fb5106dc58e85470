import { readFileSync } from 'node:fs';

/** A named query of a pgtyped `.sql` file, its text with whitespace squeezed to single spaces. */
export interface NamedQuery {
  name: string;
  text: string;
}

/** SQL with every run of whitespace made one space, so texts compare whatever their layout. */
export const squeezeSql = (sql: string): string => sql.replace(/\s+/g, ' ').trim();

/**
 * The `/* @name X *\/` queries of a `.sql` file, in order: for the tests that keep a statement built
 * at run time (a list page) selecting exactly the columns of the typed queries.
 */
export function namedQueries(file: URL | string): NamedQuery[] {
  return readFileSync(file, 'utf8')
    .split('/* @name ')
    .slice(1)
    .map((q) => ({ name: q.slice(0, q.indexOf(' ')), text: squeezeSql(q.slice(q.indexOf('*/') + 2)) }));
}
