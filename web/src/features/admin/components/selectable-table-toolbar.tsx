import type { ReactNode } from 'react';
import { ExportButton } from './export-button';
import { Field } from './field';
import type { Notify } from './notify';
import type { RowSelection } from './use-row-selection';

/** Toolbar of a selectable table: title, search, extra filters, Select All, Delete Selected and Export CSV. */
export function SelectableTableToolbar({
  titleId,
  title,
  searchId,
  searchLabel,
  searchPlaceholder,
  search,
  onSearch,
  filters,
  canSelectAll,
  selection,
  deleteDisabled,
  onDeleteSelected,
  exportRows,
  exportPrefix,
  notify,
}: {
  titleId: string;
  title: string;
  searchId: string;
  searchLabel: string;
  searchPlaceholder: string;
  search: string;
  onSearch: (value: string) => void;
  filters?: ReactNode;
  canSelectAll: boolean;
  selection: Pick<RowSelection, 'allSelected' | 'toggleAll' | 'selectedIds'>;
  deleteDisabled: boolean;
  onDeleteSelected: () => void;
  exportRows: () => Array<Record<string, unknown>>;
  exportPrefix: string;
  notify: Notify;
}) {
  return (
    <div className="admin-toolbar">
      <h2 id={titleId}>{title}</h2>
      <Field id={searchId} label={searchLabel} hideLabel className="admin-toolbar__search">
        <input
          id={searchId}
          type="search"
          placeholder={searchPlaceholder}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      </Field>
      {filters}
      <button type="button" className="admin-button" onClick={selection.toggleAll} disabled={!canSelectAll}>
        {selection.allSelected ? 'Deselect All' : 'Select All'}
      </button>
      <button
        type="button"
        className="admin-button admin-button--danger"
        onClick={onDeleteSelected}
        disabled={deleteDisabled}
      >
        Delete Selected ({selection.selectedIds.length})
      </button>
      <ExportButton rows={exportRows} prefix={exportPrefix} notify={notify} />
    </div>
  );
}
