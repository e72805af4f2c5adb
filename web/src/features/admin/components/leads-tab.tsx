import { formatPhone } from '@leadmarket/contracts/display';
import { useCallback, useState } from 'react';
import { ADMIN_BANNER_SHORT_MS, ADMIN_LEAD_STATUSES } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { UrgencyBadge } from '../../../components/ui/urgency-badge';
import type { AdminApi } from '../api/admin-api';
import type { AdminLead } from '../api/types';
import { leadCsvRow } from '../utils/csv';
import { catalogueLabel, formatDate, humanize } from '../utils/format';
import { AdminTable } from './admin-table';
import { Field } from './field';
import { LeadReceiptDetails } from './lead-receipt';
import { reportFailure, type Notify } from './notify';
import { Pager } from './pager';
import { DeleteCell, SelectCell } from './row-cells';
import { SelectableTableToolbar } from './selectable-table-toolbar';
import { LeadStatusBadge } from './status-badge';
import { useRowSelection } from './use-row-selection';
import { useServerList } from './use-server-list';

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
          {a.offer_round && <span className="admin-muted"> · round {a.offer_round}</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * Leads (§2 tab 3): search, every lead status, date order and paging on the server; selection
 * on the page; deletes; CSV of the selection, the page or every matching lead.
 */
export function LeadsTab({
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
  const onError = useCallback(
    (error: unknown) => reportFailure(notify, error, MESSAGES.admin.fetchFailed, MESSAGES.admin.fetchFailed),
    [notify],
  );
  const list = useServerList(api.leads, refreshKey, onError);
  const leads = list.page?.rows ?? [];
  const selection = useRowSelection(leads.map((l) => l.id));
  const { selectedIds } = selection;

  function changed() {
    void list.reload();
    onChanged();
  }

  async function deleteOne(id: string) {
    if (!window.confirm(MESSAGES.confirm.deleteLead)) return;
    setBusy(true);
    try {
      await api.deleteLead(id);
      notify.success(MESSAGES.adminSuccess.leadDeleted, ADMIN_BANNER_SHORT_MS);
      selection.remove(id);
      changed();
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
      const deleted = result?.deleted ?? selectedIds.length;
      // §7: the server's message is shown as the success text.
      if (deleted > 0)
        notify.success(result?.message ?? MESSAGES.adminSuccess.leadsDeleted(deleted), ADMIN_BANNER_SHORT_MS);
      if (Array.isArray(result?.failed) && result.failed.length > 0)
        notify.error(MESSAGES.admin.deleteLeadsFailed, ADMIN_BANNER_SHORT_MS);
      selection.clear();
      changed();
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
    <section className="admin-card" aria-labelledby="leads-title" aria-busy={list.loading}>
      <SelectableTableToolbar
        titleId="leads-title"
        title="Leads"
        noun="lead"
        searchId="lead-search"
        searchLabel="Search leads"
        searchPlaceholder="Search leads..."
        search={list.search}
        onSearch={list.setSearch}
        filters={
          <Field id="lead-status" label="Status filter" hideLabel>
            <select id="lead-status" value={list.query.status} onChange={(e) => list.setStatus(e.target.value)}>
              <option value="">All Statuses</option>
              {ADMIN_LEAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {humanize(s)}
                </option>
              ))}
            </select>
          </Field>
        }
        sort={list.query.sort}
        onSort={list.setSort}
        pageRowCount={leads.length}
        total={list.page?.total ?? null}
        selection={selection}
        deleteDisabled={busy || selectedIds.length === 0}
        onDeleteSelected={deleteSelected}
        selectedRows={() => leads.filter((l) => selection.isSelected(l.id)).map(leadCsvRow)}
        pageRows={() => leads.map(leadCsvRow)}
        exportAll={() => api.exportAll('admin-leads-export', list.query)}
        exportPrefix="leads"
        notify={notify}
      />
      <AdminTable columns={COLUMNS} isEmpty={list.page !== null && leads.length === 0} emptyText="No leads found">
        {list.page === null ? (
          <tr>
            <td colSpan={COLUMNS.length} className="admin-placeholder" role="status">
              Loading leads…
            </td>
          </tr>
        ) : (
          leads.map((lead) => (
            <tr key={lead.id}>
              <SelectCell
                checked={selection.isSelected(lead.id)}
                onToggle={() => selection.toggle(lead.id)}
                label={`Select lead of ${lead.customer_name}`}
              />
              <td>
                <strong>{lead.customer_name}</strong>
                {lead.is_test && <span className="admin-badge admin-badge--purple admin-badge--inline">Test lead</span>}
                <div className="admin-muted">{formatPhone(lead.phone)}</div>
                <div className="admin-muted">{lead.email}</div>
              </td>
              <td>
                {catalogueLabel(lead.service_category)}
                <div className="admin-muted">{catalogueLabel(lead.service_category, lead.sub_service)}</div>
                <UrgencyBadge urgency={lead.urgency} />
              </td>
              <td>{lead.zip_code}</td>
              <td>
                <LeadStatusBadge status={lead.status} />
                {['purchased', 'completed', 'archived'].includes(lead.status) && (
                  <LeadReceiptDetails api={api} leadId={lead.id} />
                )}
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
          ))
        )}
      </AdminTable>
      {list.page && (
        <Pager
          label="Leads"
          page={list.query.page}
          limit={list.query.limit}
          shown={leads.length}
          total={list.page.total}
          onPage={list.goTo}
        />
      )}
    </section>
  );
}
