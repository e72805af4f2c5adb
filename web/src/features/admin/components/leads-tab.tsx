import { useState } from 'react';
import { ADMIN_BANNER_SHORT_MS, LEAD_STATUSES } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import type { AdminApi } from '../api/admin-api';
import { UrgencyBadge } from '../../../components/ui/urgency-badge';
import type { AdminLead } from '../api/types';
import { formatDate } from '../utils/format';
import { AdminTable } from './admin-table';
import { Field } from './field';
import { reportFailure, type Notify } from './notify';
import { DeleteCell, SelectCell } from './row-cells';
import { SelectableTableToolbar } from './selectable-table-toolbar';
import { LeadStatusBadge } from './status-badge';
import { useRowSelection } from './use-row-selection';

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

const COLUMNS = ['Select', 'Customer', 'Service', 'Location', 'Status', 'Created', 'Assigned Contractors', 'Actions'];

/** The contractors a lead is assigned to, each with its assignment status, or "No assignments". */
function Assignments({ lead }: { lead: AdminLead }) {
  const assignments = lead.contractor_leads ?? [];
  if (assignments.length === 0) return <span className="admin-muted">No assignments</span>;
  return (
    <ul className="admin-assignments">
      {assignments.map((a) => (
        <li key={a.id}>
          {a.contractors?.business_name ?? 'Unknown contractor'} <LeadStatusBadge status={a.status} />
        </li>
      ))}
    </ul>
  );
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
  const [busy, setBusy] = useState(false);
  const selection = useRowSelection(leads.map((l) => l.id));
  const { selectedIds } = selection;

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
      selection.clear();
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
      <SelectableTableToolbar
        titleId="leads-title"
        title="Leads"
        searchId="lead-search"
        searchLabel="Search leads"
        searchPlaceholder="Search leads..."
        search={search}
        onSearch={onSearch}
        filters={
          <Field id="lead-status" label="Status filter" hideLabel>
            <select id="lead-status" value={status} onChange={(e) => onStatus(e.target.value)}>
              <option value="">All Statuses</option>
              {LEAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </Field>
        }
        canSelectAll={leads.length > 0}
        selection={selection}
        deleteDisabled={busy}
        onDeleteSelected={deleteSelected}
        exportRows={() => leads.map(leadCsvRow)}
        exportPrefix="leads"
        notify={notify}
      />
      <AdminTable columns={COLUMNS} isEmpty={leads.length === 0} emptyText="No leads found">
        {leads.map((lead) => (
          <tr key={lead.id}>
            <SelectCell
              checked={selection.isSelected(lead.id)}
              onToggle={() => selection.toggle(lead.id)}
              label={`Select lead of ${lead.customer_name}`}
            />
            <td>
              <strong>{lead.customer_name}</strong>
              {lead.is_test && <span className="admin-badge admin-badge--purple admin-badge--inline">Test lead</span>}
              <div className="admin-muted">{lead.phone}</div>
              <div className="admin-muted">{lead.email}</div>
            </td>
            <td>
              {lead.service_category}
              <div className="admin-muted">{lead.sub_service}</div>
              <UrgencyBadge urgency={lead.urgency} />
            </td>
            <td>{lead.zip_code}</td>
            <td>
              <LeadStatusBadge status={lead.status} />
            </td>
            <td>{formatDate(lead.created_at)}</td>
            <td>
              <Assignments lead={lead} />
            </td>
            <DeleteCell
              onDelete={() => deleteOne(lead.id)}
              disabled={busy}
              label={`Delete lead of ${lead.customer_name}`}
            />
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
