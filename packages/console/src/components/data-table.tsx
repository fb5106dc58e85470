import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell(item: T): ReactNode;
  /** Keeps the cell on one line (amounts, times). */
  nowrap?: boolean;
}

/** A table of API objects, one row each, with column headers for assistive technology. */
export function DataTable<T extends { id: string }>({ columns, rows }: { columns: readonly Column<T>[]; rows: readonly T[] }) {
  return (
    <div className="table-scroll">
      <table className="table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c.header}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((item) => (
            <tr key={item.id}>
              {columns.map((c) => (
                <td key={c.header} className={c.nowrap ? 'nowrap' : undefined}>
                  {c.cell(item)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
