import { formatPhone } from '@leadmarket/contracts/display';
import { useCallback, useState } from 'react';
import { MESSAGES } from '@leadmarket/contracts/messages';
import type { AdminApi } from '../api/admin-api';
import { contractorCsvRow, zipList } from '../utils/csv';
import { catalogueLabel, formatMoney } from '../utils/format';
import { AdminTable } from './admin-table';
import { ContractorPage } from './contractor-page';
import { reportFailure, type Notify } from './notify';
import { Pager } from './pager';
import { DeleteCell, SelectCell } from './row-cells';
import { SelectableTableToolbar } from './selectable-table-toolbar';
import { useRowSelection } from './use-row-selection';
import { useServerList } from './use-server-list';
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

/**
 * Contractors (§2 tab 2): search, date order and paging on the server; selection on the page;
 * deletes; CSV of the selection, the page or every match; the wallet-adjustment card; and a page
 * per contractor (open it from the company name).
 */
export function ContractorsTab({
  api,
  notify,
  refreshKey,
  onChanged,
}: {
  api: AdminApi;
  notify: Notify;
  refreshKey: number;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const onError = useCallback(
    (error: unknown) => reportFailure(notify, error, MESSAGES.admin.fetchFailed, MESSAGES.admin.fetchFailed),
    [notify],
  );
  const list = useServerList(api.contractors, refreshKey, onError);
  const contractors = list.page?.rows ?? [];
  const selection = useRowSelection(contractors.map((c) => c.id));
  const { selectedIds } = selection;

  function changed() {
    void list.reload();
    onChanged();
  }

  async function deleteOne(id: string) {
    if (!window.confirm(MESSAGES.confirm.deleteContractor)) return;
    setBusy(true);
    try {
      await api.deleteContractor(id);
      notify.success(MESSAGES.adminSuccess.contractorDeleted);
      selection.remove(id);
      changed();
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
      const deleted = result?.deleted ?? selectedIds.length;
      if (deleted > 0) notify.success(MESSAGES.adminSuccess.contractorsDeleted(deleted));
      if (Array.isArray(result?.failed) && result.failed.length > 0)
        notify.error(MESSAGES.admin.deleteContractorsFailed);
      selection.clear();
      changed();
    } catch (error) {
      reportFailure(notify, error, MESSAGES.admin.deleteContractorsFailed, MESSAGES.admin.deleteContractorsError);
    } finally {
      setBusy(false);
    }
  }

  if (openId)
    return (
      <ContractorPage
        api={api}
        contractorId={openId}
        notify={notify}
        onBack={() => setOpenId(null)}
        onChanged={changed}
      />
    );

  return (
    <div className="admin-tab-stack">
      <section className="admin-card" aria-labelledby="contractors-title" aria-busy={list.loading}>
        <SelectableTableToolbar
          titleId="contractors-title"
          title="Contractors"
          noun="contractor"
          searchId="contractor-search"
          searchLabel="Search contractors"
          searchPlaceholder="Search contractors..."
          search={list.search}
          onSearch={list.setSearch}
          sort={list.query.sort}
          onSort={list.setSort}
          pageRowCount={contractors.length}
          total={list.page?.total ?? null}
          selection={selection}
          deleteDisabled={busy || selectedIds.length === 0}
          onDeleteSelected={deleteSelected}
          selectedRows={() => contractors.filter((c) => selection.isSelected(c.id)).map(contractorCsvRow)}
          pageRows={() => contractors.map(contractorCsvRow)}
          exportAll={() => api.exportAll('admin-contractors-export', list.query)}
          exportPrefix="contractors"
          notify={notify}
        />
        <AdminTable
          columns={COLUMNS}
          isEmpty={list.page !== null && contractors.length === 0}
          emptyText="No contractors found"
        >
          {list.page === null ? (
            <tr>
              <td colSpan={COLUMNS.length} className="admin-placeholder" role="status">
                Loading contractors…
              </td>
            </tr>
          ) : (
            contractors.map((c) => (
              <tr key={c.id}>
                <SelectCell
                  checked={selection.isSelected(c.id)}
                  onToggle={() => selection.toggle(c.id)}
                  label={`Select ${c.business_name}`}
                />
                <td>
                  <button
                    type="button"
                    className="admin-link-button admin-link-button--strong"
                    onClick={() => setOpenId(c.id)}
                    aria-label={`Open ${c.business_name}`}
                  >
                    {c.business_name}
                  </button>
                  <div className="admin-muted">{c.email}</div>
                </td>
                <td>
                  {c.contact_name}
                  <div className="admin-muted">{formatPhone(c.phone)}</div>
                </td>
                <td>
                  {catalogueLabel(c.industry)}
                  <div className="admin-muted">{zipList(c.zip_codes)}</div>
                </td>
                <td>{formatMoney(c.wallet_balance)}</td>
                <td>{Number(c.total_leads_purchased ?? 0).toLocaleString('en-US')}</td>
                <td>{formatMoney(c.total_spend)}</td>
                <DeleteCell onDelete={() => deleteOne(c.id)} disabled={busy} label={`Delete ${c.business_name}`} />
              </tr>
            ))
          )}
        </AdminTable>
        {list.page && (
          <Pager
            label="Contractors"
            page={list.query.page}
            limit={list.query.limit}
            shown={contractors.length}
            total={list.page.total}
            onPage={list.goTo}
          />
        )}
      </section>
      <WalletAdjustCard api={api} contractors={contractors} notify={notify} onAdjusted={changed} />
    </div>
  );
}
