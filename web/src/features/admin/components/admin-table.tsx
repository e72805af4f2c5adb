import type { ReactNode } from 'react';

/** An admin table: scrolling wrapper, a header row of `columns`, and an empty-state row when `emptyText` is given and `isEmpty`. */
export function AdminTable({
  columns,
  isEmpty = false,
  emptyText,
  wrapClassName,
  tableClassName,
  children,
}: {
  columns: string[];
  isEmpty?: boolean;
  emptyText?: string;
  wrapClassName?: string;
  tableClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={wrapClassName ? `admin-table-wrap ${wrapClassName}` : 'admin-table-wrap'}>
      <table className={tableClassName ? `admin-table ${tableClassName}` : 'admin-table'}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isEmpty && emptyText !== undefined && (
            <tr>
              <td colSpan={columns.length} className="admin-empty">
                {emptyText}
              </td>
            </tr>
          )}
          {children}
        </tbody>
      </table>
    </div>
  );
}
