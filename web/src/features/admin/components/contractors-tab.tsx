import { useMemo, useState } from 'react';
import { MESSAGES } from '@leadmarket/contracts/messages';
import type { AdminApi } from '../api/admin-api';
import type { AdminContractor } from '../api/types';
import { formatMoney } from '../utils/format';
import { ExportButton } from './export-button';
import { reportFailure, type Notify } from './notify';
import { WalletAdjustCard } from './wallet-adjust-card';

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
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const visible = useMemo(
    () => contractors.filter((c) => matches(c, search.trim().toLowerCase())),
    [contractors, search],
  );
  // Only rows still present count as selected (a refresh may have removed some).
  const selectedIds = contractors.filter((c) => selected.has(c.id)).map((c) => c.id);
  const allVisibleSelected = visible.length > 0 && visible.every((c) => selected.has(c.id));

  function toggle(id: string) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function toggleAll() {
    setSelected(allVisibleSelected ? new Set() : new Set(visible.map((c) => c.id)));
  }

  async function deleteOne(id: string) {
    if (!window.confirm(MESSAGES.confirm.deleteContractor)) return;
    setBusy(true);
    try {
      await api.deleteContractor(id);
      notify.success(MESSAGES.adminSuccess.contractorDeleted);
      setSelected((prev) => {
        const next = new Set(prev);
        next.delete(id);
        return next;
      });
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
      setSelected(new Set());
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
        <div className="admin-toolbar">
          <h2 id="contractors-title">Contractors</h2>
          <div className="admin-field admin-toolbar__search">
            <label htmlFor="contractor-search" className="visually-hidden">
              Search contractors
            </label>
            <input
              id="contractor-search"
              type="search"
              placeholder="Search contractors..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <button type="button" className="admin-button" onClick={toggleAll} disabled={visible.length === 0}>
            {allVisibleSelected ? 'Deselect All' : 'Select All'}
          </button>
          <button
            type="button"
            className="admin-button admin-button--danger"
            onClick={deleteSelected}
            disabled={busy || selectedIds.length === 0}
          >
            Delete Selected ({selectedIds.length})
          </button>
          <ExportButton
            rows={() => visible.map((c) => ({ ...c, zip_codes: zipList(c.zip_codes) }))}
            prefix="contractors"
            notify={notify}
          />
        </div>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Select</th>
                <th scope="col">Company</th>
                <th scope="col">Contact</th>
                <th scope="col">Industry</th>
                <th scope="col">Wallet Balance</th>
                <th scope="col">Leads Purchased</th>
                <th scope="col">Total Spend</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {visible.length === 0 && (
                <tr>
                  <td colSpan={8} className="admin-empty">
                    No contractors found
                  </td>
                </tr>
              )}
              {visible.map((c) => (
                <tr key={c.id}>
                  <td>
                    <input
                      type="checkbox"
                      checked={selected.has(c.id)}
                      onChange={() => toggle(c.id)}
                      aria-label={`Select ${c.business_name}`}
                    />
                  </td>
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
                  <td>
                    <button
                      type="button"
                      className="admin-button admin-button--danger admin-button--small"
                      onClick={() => deleteOne(c.id)}
                      disabled={busy}
                      aria-label={`Delete ${c.business_name}`}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <WalletAdjustCard api={api} contractors={contractors} notify={notify} onAdjusted={onChanged} />
    </div>
  );
}
