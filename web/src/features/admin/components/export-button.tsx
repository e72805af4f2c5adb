import { ADMIN_BANNER_SHORT_MS } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { downloadCsv } from '../utils/csv';
import type { Notify } from './notify';

/** Export CSV: the rows as a download named `<prefix>-<date>.csv`, or 'No data to export'. */
export function ExportButton({
  rows,
  prefix,
  notify,
}: {
  rows: () => Array<Record<string, unknown>>;
  prefix: string;
  notify: Notify;
}) {
  function exportRows() {
    const fileName = downloadCsv(rows(), prefix);
    if (fileName) notify.success(MESSAGES.adminSuccess.exported(fileName), ADMIN_BANNER_SHORT_MS);
    else notify.error(MESSAGES.admin.noExportData, ADMIN_BANNER_SHORT_MS);
  }
  return (
    <button type="button" className="admin-button" onClick={exportRows}>
      Export CSV
    </button>
  );
}
