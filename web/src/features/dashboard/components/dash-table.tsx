import type { ReactNode } from 'react';

/** A column head: its words, and whether it holds figures (right-aligned). */
export type DashColumn = ReactNode | { label: ReactNode; numeric: true };

const isNumeric = (column: DashColumn): column is { label: ReactNode; numeric: true } =>
  typeof column === 'object' && column !== null && 'numeric' in column;

/**
 * A dashboard table in its scrolling region (focusable, so a keyboard can scroll it on a phone),
 * with a row of column heads; the caller gives the body rows.
 */
export function DashTable({
  label,
  columns,
  caption,
  children,
}: {
  label: string;
  columns: readonly DashColumn[];
  caption?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="dash-table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="dash-table">
        {caption}
        <thead>
          <tr>
            {columns.map((column, i) =>
              isNumeric(column) ? (
                <th key={i} scope="col" className="dash-num">
                  {column.label}
                </th>
              ) : (
                <th key={i} scope="col">
                  {column}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
