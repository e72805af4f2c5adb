import { useMemo, useState } from 'react';
import { MESSAGES } from '@leadmarket/contracts/messages';
import type { AdminApi } from '../api/admin-api';
import type { AdminContractor } from '../api/types';
import { formatMoney } from '../utils/format';
import { AdminTable } from './admin-table';
import { reportFailure, type Notify } from './notify';
import { DeleteCell, SelectCell } from './row-cells';
import { SelectableTableToolbar } from './selectable-table-toolbar';
import { useRowSelection } from './use-row-selection';
import { WalletAdjustCard } from './wallet-adjust-card';

const COLUMNS = [
  'Select',
  'Company',
  'Contact',
  'Industry',
  'Wallet Balance',
  'Leads Purchased',
  'Total Spend',
  'Actions',
];

function zipList(zips: AdminContractor['zip_codes']): string {
  return Array.isArray(zips) ? zips.join(', ') : (zips ?? '');
}

function matches(c: AdminContractor, term: string): boolean {
  if (!term) return true;
  return [c.business_name, c.contact_name, c.email, c.phone, c.industry, zipList(c.zip_codes)].some((v) =>
    String(v ?? '')
      .toLowerCase()
      .includes(term),
  );
}

/** Contractors (§2 tab 2): searchable table, selection, deletes, CSV export and the wallet-adjustment card. */
export function ContractorsTab({
  api,
  contractors,
  notify,
  onChanged,
}: {
  api: AdminApi;
  contractors: AdminContractor[];
  notify: Notify;
  onChanged: () => void;
}) {
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const visible = useMemo(
    () => contractors.filter((c) => matches(c, search.trim().toLowerCase())),
    [contractors, search],
  );
  const selection = useRowSelection(
    contractors.map((c) => c.id),
    visible.map((c) => c.id),
  );
  const { selectedIds } = selection;

  async function deleteOne(id: string) {
    if (!window.confirm(MESSAGES.confirm.deleteContractor)) return;
    setBusy(true);
    try {
      await api.deleteContractor(id);
      notify.success(MESSAGES.adminSuccess.contractorDeleted);
      selection.remove(id);
      onChanged();
    } catch (error) {
      reportFailure(notify, error, MESSAGES.admin.deleteContractorFailed, MESSAGES.admin.deleteContractorError);
    } finally {
      setBusy(false);
    }
  }

  async function deleteSelected() {
    if (selectedIds.length === 0) return;
    if (!window.confirm(MESSAGES.confirm.deleteContractors(selectedIds.length))) return;
    setBusy(true);
    try {
      const result = await api.bulkDeleteContractors(selectedIds);
      const deleted = typeof result?.deleted_count === 'number' ? result.deleted_count : selectedIds.length;
      if (deleted > 0) notify.success(MESSAGES.adminSuccess.contractorsDeleted(deleted));
      if (Array.isArray(result?.failed) && result.failed.length > 0)
        notify.error(MESSAGES.admin.deleteContractorsFailed);
      selection.clear();
      onChanged();
    } catch (error) {
      reportFailure(notify, error, MESSAGES.admin.deleteContractorsFailed, MESSAGES.admin.deleteContractorsError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-tab-stack">
      <section className="admin-card" aria-labelledby="contractors-title">
        <SelectableTableToolbar
          titleId="contractors-title"
          title="Contractors"
          searchId="contractor-search"
          searchLabel="Search contractors"
          searchPlaceholder="Search contractors..."
          search={search}
          onSearch={setSearch}
          canSelectAll={visible.length > 0}
          selection={selection}
          deleteDisabled={busy || selectedIds.length === 0}
          onDeleteSelected={deleteSelected}
          exportRows={() => visible.map((c) => ({ ...c, zip_codes: zipList(c.zip_codes) }))}
          exportPrefix="contractors"
          notify={notify}
        />
        <AdminTable columns={COLUMNS} isEmpty={visible.length === 0} emptyText="No contractors found">
          {visible.map((c) => (
            <tr key={c.id}>
              <SelectCell
                checked={selection.isSelected(c.id)}
                onToggle={() => selection.toggle(c.id)}
                label={`Select ${c.business_name}`}
              />
              <td>
                <strong>{c.business_name}</strong>
                <div className="admin-muted">{c.email}</div>
              </td>
              <td>
                {c.contact_name}
                <div className="admin-muted">{c.phone}</div>
              </td>
              <td>
                {c.industry}
                <div className="admin-muted">{zipList(c.zip_codes)}</div>
              </td>
              <td>{formatMoney(c.wallet_balance)}</td>
              <td>{Number(c.total_leads_purchased ?? 0)}</td>
              <td>{formatMoney(c.total_spend)}</td>
              <DeleteCell onDelete={() => deleteOne(c.id)} disabled={busy} label={`Delete ${c.business_name}`} />
            </tr>
          ))}
        </AdminTable>
      </section>
      <WalletAdjustCard api={api} contractors={contractors} notify={notify} onAdjusted={onChanged} />
    </div>
  );
}
