import { useEffect, useState } from 'react';
import { ADMIN_PAGE_SIZE } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { PRICE_MATRIX_ROWS } from '@leadmarket/contracts/pricing';
import { AdminSessionExpired, type AdminApi } from '../api/admin-api';
import type { AuditEntry, AuditPage, AuditQuery } from '../api/types';
import { formatDateTime, formatMoney, humanize } from '../utils/format';
import { AdminTable } from './admin-table';
import { Field } from './field';
import { Pager } from './pager';

/** What each recorded action means, as an operator says it. */
const ACTION_LABELS: Record<string, string> = {
  'admin.login': 'Logged in',
  'admin.logout': 'Logged out',
  'admin.password_reset': 'Reset admin password',
  'contractor.delete': 'Deleted contractor',
  'contractors.export': 'Exported contractors',
  'lead.create_test': 'Created test lead',
  'lead.delete': 'Deleted lead',
  'lead_price.update': 'Changed lead price',
  'lead_price.reset': 'Reset lead price to default',
  'leads.export': 'Exported leads',
  'wallet.adjust': 'Adjusted wallet',
  'refund.approve': 'Approved refund',
  'refund.reject': 'Rejected refund',
  'screening.release': 'Released rejected lead',
  'screening.rules_update': 'Changed screening rules',
  'matching.confirmation_rule_update': 'Changed phone confirmation rule',
};
export const actionLabel = (action: string) => ACTION_LABELS[action] ?? humanize(action.replace(/\./g, ' '));

const TYPE_LABELS: Record<string, string> = { standard: 'Standard', premium: 'Premium', emergency: 'Emergency' };

/** The record an entry is about, in words ("HVAC Standard price", "lead 1a2b3c4d"). */
function recordText(entry: AuditEntry): string {
  if (!entry.target_id) return humanize(entry.target_type ?? '') || '—';
  if (entry.target_type === 'lead_price') {
    const parts = entry.target_id.split('/');
    const type = parts.pop() ?? '';
    const [category = '', sub = ''] = parts;
    const row = PRICE_MATRIX_ROWS.find((r) => r.category === category && r.sub_service === sub);
    return `${row?.label ?? parts.join('/')} ${TYPE_LABELS[type] ?? type} price`;
  }
  return `${humanize(entry.target_type ?? 'record')} ${entry.target_id}`;
}

/** One value of a before/after record: cents as money, null as "none". */
function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined) return key.endsWith('_cents') ? 'Default' : 'none';
  if (key.endsWith('_cents') && typeof value === 'number') return formatMoney(value / 100);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A before/after record as "Price: $31.00" lines. */
function Snapshot({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="admin-muted">—</span>;
  if (typeof value !== 'object') return <span>{String(value)}</span>;
  return (
    <ul className="admin-snapshot">
      {Object.entries(value as Record<string, unknown>).map(([k, v]) => (
        <li key={k}>
          {humanize(k.replace(/_cents$/, ''))}: {valueText(k, v)}
        </li>
      ))}
    </ul>
  );
}

const COLUMNS = ['When', 'Admin', 'Action', 'Record', 'Before', 'After'];

/** Audit Log: who did what, when, to which record, before and after; filter by admin, action and day. */
export function AuditTab({ api, refreshKey }: { api: AdminApi; refreshKey: number }) {
  const [query, setQuery] = useState<AuditQuery>({
    action: '',
    admin_id: '',
    from: '',
    to: '',
    page: 1,
    limit: ADMIN_PAGE_SIZE,
  });
  const [data, setData] = useState<AuditPage | null>(null);
  const [failed, setFailed] = useState(false);
  const set = (patch: Partial<AuditQuery>) => setQuery((q) => ({ ...q, ...patch, page: patch.page ?? 1 }));

  useEffect(() => {
    let current = true;
    api
      .auditLog(query)
      .then((page) => {
        if (!current) return;
        setData(page);
        setFailed(false);
      })
      .catch((error) => {
        if (current && !(error instanceof AdminSessionExpired)) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [api, query, refreshKey]);

  return (
    <section className="admin-card" aria-labelledby="audit-title" aria-busy={data === null}>
      <div className="admin-toolbar">
        <h2 id="audit-title">Audit Log</h2>
        <Field id="audit-admin" label="Admin">
          <select id="audit-admin" value={query.admin_id} onChange={(e) => set({ admin_id: e.target.value })}>
            <option value="">All admins</option>
            {(data?.admins ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.email}
              </option>
            ))}
          </select>
        </Field>
        <Field id="audit-action" label="Action">
          <select id="audit-action" value={query.action} onChange={(e) => set({ action: e.target.value })}>
            <option value="">All actions</option>
            {(data?.actions ?? []).map((a) => (
              <option key={a} value={a}>
                {actionLabel(a)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="audit-from" label="From">
          <input id="audit-from" type="date" value={query.from} onChange={(e) => set({ from: e.target.value })} />
        </Field>
        <Field id="audit-to" label="To">
          <input id="audit-to" type="date" value={query.to} onChange={(e) => set({ to: e.target.value })} />
        </Field>
      </div>
      {failed && <p className="field-error">{MESSAGES.admin.fetchFailed}</p>}
      <AdminTable
        columns={COLUMNS}
        isEmpty={data !== null && data.entries.length === 0}
        emptyText="No matching actions"
      >
        {data === null ? (
          <tr>
            <td colSpan={COLUMNS.length} className="admin-placeholder" role="status">
              Loading the audit log…
            </td>
          </tr>
        ) : (
          data.entries.map((e) => (
            <tr key={e.id}>
              <td>{formatDateTime(e.created_at)}</td>
              <td>{e.admin_email ?? e.admin_id}</td>
              <td>{actionLabel(e.action)}</td>
              <td>{recordText(e)}</td>
              <td>
                <Snapshot value={e.before} />
              </td>
              <td>
                <Snapshot value={e.after} />
              </td>
            </tr>
          ))
        )}
      </AdminTable>
      {data && (
        <Pager
          label="Audit log"
          page={query.page}
          limit={query.limit}
          shown={data.entries.length}
          total={data.total}
          onPage={(page) => set({ page })}
        />
      )}
    </section>
  );
}
