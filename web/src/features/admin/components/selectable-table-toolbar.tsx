import { useState, type ReactNode } from 'react';
import { ADMIN_BANNER_SHORT_MS } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { downloadBlob, downloadCsv } from '../utils/csv';
import { plural } from '../utils/format';
import { Field } from './field';
import { reportFailure, type Notify } from './notify';
import type { RowSelection } from './use-row-selection';

/**
 * Toolbar of a server-paged table: title, search, filters, date order, and actions whose labels
 * say what they act on — the selected rows, this page, or every row matching the search.
 */
export function SelectableTableToolbar({
  titleId,
  title,
  noun,
  searchId,
  searchLabel,
  searchPlaceholder,
  search,
  onSearch,
  filters,
  sort,
  onSort,
  pageRowCount,
  total,
  selection,
  deleteDisabled,
  onDeleteSelected,
  selectedRows,
  pageRows,
  exportAll,
  exportPrefix,
  notify,
}: {
  titleId: string;
  title: string;
  /** The singular noun of a row ("lead"), for counts. */
  noun: string;
  searchId: string;
  searchLabel: string;
  searchPlaceholder: string;
  search: string;
  onSearch: (value: string) => void;
  filters?: ReactNode;
  sort: 'newest' | 'oldest';
  onSort: (sort: 'newest' | 'oldest') => void;
  pageRowCount: number;
  /** Rows matching the search and filter on all pages; null while loading. */
  total: number | null;
  selection: Pick<RowSelection, 'allSelected' | 'toggleAll' | 'selectedIds'>;
  deleteDisabled: boolean;
  onDeleteSelected: () => void;
  selectedRows: () => Array<Record<string, unknown>>;
  pageRows: () => Array<Record<string, unknown>>;
  exportAll: () => Promise<{ blob: Blob; fileName: string; rows: number }>;
  exportPrefix: string;
  notify: Notify;
}) {
  const [exporting, setExporting] = useState(false);
  const selected = selection.selectedIds.length;

  function exportRows(rows: Array<Record<string, unknown>>) {
    const fileName = downloadCsv(rows, exportPrefix);
    if (fileName) notify.success(MESSAGES.adminSuccess.exported(fileName), ADMIN_BANNER_SHORT_MS);
    else notify.error(MESSAGES.admin.noExportData, ADMIN_BANNER_SHORT_MS);
  }

  async function exportEveryRow() {
    setExporting(true);
    try {
      const file = await exportAll();
      if (file.rows === 0) {
        notify.error(MESSAGES.admin.noExportData, ADMIN_BANNER_SHORT_MS);
        return;
      }
      downloadBlob(file.blob, file.fileName);
      notify.success(
        `${MESSAGES.adminSuccess.exported(file.fileName)} (${plural(file.rows, noun)})`,
        ADMIN_BANNER_SHORT_MS,
      );
    } catch (error) {
      reportFailure(notify, error, 'Failed to export', 'Error exporting', ADMIN_BANNER_SHORT_MS);
    } finally {
      setExporting(false);
    }
  }

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
      <Field id={`${searchId}-sort`} label="Order" hideLabel>
        <select
          id={`${searchId}-sort`}
          value={sort}
          onChange={(e) => onSort(e.target.value === 'oldest' ? 'oldest' : 'newest')}
        >
          <option value="newest">Newest first</option>
          <option value="oldest">Oldest first</option>
        </select>
      </Field>
      <div className="admin-toolbar__actions" role="group" aria-label={`${title} actions`}>
        <button type="button" className="admin-button" onClick={selection.toggleAll} disabled={pageRowCount === 0}>
          {selection.allSelected ? 'Clear selection' : `Select this page (${pageRowCount})`}
        </button>
        <button
          type="button"
          className="admin-button admin-button--danger"
          onClick={onDeleteSelected}
          disabled={deleteDisabled}
        >
          Delete selected ({selected})
        </button>
        <button
          type="button"
          className="admin-button"
          onClick={() => exportRows(selectedRows())}
          disabled={selected === 0}
        >
          Export selected ({selected})
        </button>
        <button
          type="button"
          className="admin-button"
          onClick={() => exportRows(pageRows())}
          disabled={pageRowCount === 0}
        >
          Export this page ({pageRowCount})
        </button>
        <button
          type="button"
          className="admin-button"
          onClick={() => void exportEveryRow()}
          disabled={exporting || !total}
        >
          {exporting ? 'Exporting...' : `Export all matching (${(total ?? 0).toLocaleString('en-US')})`}
        </button>
      </div>
    </div>
  );
}
