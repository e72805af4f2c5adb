import { useState } from 'react';
import { ADMIN_BANNER_SHORT_MS, LEAD_STATUSES } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import type { AdminApi } from '../api/admin-api';
import type { AdminLead } from '../api/types';
import { formatDate } from '../utils/format';
import { ExportButton } from './export-button';
import { reportFailure, type Notify } from './notify';
import { LeadStatusBadge } from './status-badge';

const STATUS_LABELS: Record<string, string> = {
  available: 'Available',
  purchased: 'Purchased',
  expired: 'Expired',
  archived: 'Archived',
};

/** A flat CSV row of a lead: assignments become "business (status)" names. */
function leadCsvRow(lead: AdminLead): Record<string, unknown> {
  const { contractor_leads, ...rest } = lead;
  return {
    ...rest,
    assigned_contractors: (contractor_leads ?? [])
      .map((a) => `${a.contractors?.business_name ?? a.contractor_id ?? 'unknown'} (${a.status})`)
      .join('; '),
  };
}

/** Leads (§2 tab 3): search and status filter (applied by the server), selection, deletes, CSV export. */
export function LeadsTab({
  api,
  leads,
  search,
  status,
  onSearch,
  onStatus,
  notify,
  onChanged,
}: {
  api: AdminApi;
  leads: AdminLead[];
  search: string;
  status: string;
  onSearch: (value: string) => void;
  onStatus: (value: string) => void;
  notify: Notify;
  onChanged: () => void;
}) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const selectedIds = leads.filter((l) => selected.has(l.id)).map((l) => l.id);
  const allSelected = leads.length > 0 && leads.every((l) => selected.has(l.id));

  function toggle(id: string) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  async function deleteOne(id: string) {
    if (!window.confirm(MESSAGES.confirm.deleteLead)) return;
    setBusy(true);
    try {
      await api.deleteLead(id);
      notify.success(MESSAGES.adminSuccess.leadDeleted, ADMIN_BANNER_SHORT_MS);
      onChanged();
    } catch (error) {
      reportFailure(
        notify,
        error,
        MESSAGES.admin.deleteLeadFailed,
        MESSAGES.admin.deleteLeadError,
        ADMIN_BANNER_SHORT_MS,
      );
    } finally {
      setBusy(false);
    }
  }

  async function deleteSelected() {
    if (selectedIds.length === 0) {
      notify.error(MESSAGES.admin.selectLeads, ADMIN_BANNER_SHORT_MS);
      return;
    }
    if (!window.confirm(MESSAGES.confirm.deleteLeads(selectedIds.length))) return;
    setBusy(true);
    try {
      const result = await api.bulkDeleteLeads(selectedIds);
      const deleted = typeof result?.deleted_count === 'number' ? result.deleted_count : selectedIds.length;
      // §7: the server's message is shown as the success text.
      if (deleted > 0)
        notify.success(result?.message ?? `${deleted} leads deleted successfully`, ADMIN_BANNER_SHORT_MS);
      if (Array.isArray(result?.failed) && result.failed.length > 0)
        notify.error(MESSAGES.admin.deleteLeadsFailed, ADMIN_BANNER_SHORT_MS);
      setSelected(new Set());
      onChanged();
    } catch (error) {
      reportFailure(
        notify,
        error,
        MESSAGES.admin.deleteLeadsFailed,
        MESSAGES.admin.deleteLeadsError,
        ADMIN_BANNER_SHORT_MS,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-card" aria-labelledby="leads-title">
      <div className="admin-toolbar">
        <h2 id="leads-title">Leads</h2>
        <div className="admin-field admin-toolbar__search">
          <label htmlFor="lead-search" className="visually-hidden">
            Search leads
          </label>
          <input
            id="lead-search"
            type="search"
            placeholder="Search leads..."
            value={search}
            onChange={(e) => onSearch(e.target.value)}
          />
        </div>
        <div className="admin-field">
          <label htmlFor="lead-status" className="visually-hidden">
            Status filter
          </label>
          <select id="lead-status" value={status} onChange={(e) => onStatus(e.target.value)}>
            <option value="">All Statuses</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="admin-button"
          onClick={() => setSelected(allSelected ? new Set() : new Set(leads.map((l) => l.id)))}
          disabled={leads.length === 0}
        >
          {allSelected ? 'Deselect All' : 'Select All'}
        </button>
        <button type="button" className="admin-button admin-button--danger" onClick={deleteSelected} disabled={busy}>
          Delete Selected ({selectedIds.length})
        </button>
        <ExportButton rows={() => leads.map(leadCsvRow)} prefix="leads" notify={notify} />
      </div>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Select</th>
              <th scope="col">Customer</th>
              <th scope="col">Service</th>
              <th scope="col">Location</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
              <th scope="col">Assigned Contractors</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {leads.length === 0 && (
              <tr>
                <td colSpan={8} className="admin-empty">
                  No leads found
                </td>
              </tr>
            )}
            {leads.map((lead) => (
              <tr key={lead.id}>
                <td>
                  <input
                    type="checkbox"
                    checked={selected.has(lead.id)}
                    onChange={() => toggle(lead.id)}
                    aria-label={`Select lead of ${lead.customer_name}`}
                  />
                </td>
                <td>
                  <strong>{lead.customer_name}</strong>
                  {lead.is_test && (
                    <span className="admin-badge admin-badge--purple admin-badge--inline">Test lead</span>
                  )}
                  <div className="admin-muted">{lead.phone}</div>
                  <div className="admin-muted">{lead.email}</div>
                </td>
                <td>
                  {lead.service_category}
                  <div className="admin-muted">{lead.sub_service}</div>
                </td>
                <td>{lead.zip_code}</td>
                <td>
                  <LeadStatusBadge status={lead.status} />
                </td>
                <td>{formatDate(lead.created_at)}</td>
                <td>
                  {(lead.contractor_leads ?? []).length === 0 ? (
                    <span className="admin-muted">No assignments</span>
                  ) : (
                    <ul className="admin-assignments">
                      {(lead.contractor_leads ?? []).map((a) => (
                        <li key={a.id}>
                          {a.contractors?.business_name ?? 'Unknown contractor'} <LeadStatusBadge status={a.status} />
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    className="admin-button admin-button--danger admin-button--small"
                    onClick={() => deleteOne(lead.id)}
                    disabled={busy}
                    aria-label={`Delete lead of ${lead.customer_name}`}
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
  );
}
