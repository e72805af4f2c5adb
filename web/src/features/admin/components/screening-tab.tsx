import { useEffect, useState } from 'react';
import { ADMIN_PAGE_SIZE } from '@leadmarket/contracts/constants';
import { serviceLabel } from '@leadmarket/contracts/catalogue';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { LEAD_REASON_PROBLEMS } from '@leadmarket/contracts/lead-reasons';
import type { ScreeningRejectionsResponse, ScreeningRulesResponse } from '@leadmarket/contracts';
import { AdminSessionExpired, type AdminApi } from '../api/admin-api';
import { formatDateTime } from '../utils/format';
import { AdminTable } from './admin-table';
import { Field } from './field';
import { reportFailure, type Notify } from './notify';
import { Pager } from './pager';

/** A reason code in words, as the customer was told it (the code itself beside it for the operator). */
const reasonText = (code: string) => LEAD_REASON_PROBLEMS[code]?.message ?? code;

const COLUMNS = ['Screened', 'Request', 'Reasons', ''];

/**
 * The screening desk (screening's own functions, with the admin session): recent rejections with
 * their reasons, filtered by reason and day, the count of each reason over 7 days, a release for a
 * wrong rejection, and the rules an operator tunes without a deploy.
 */
export function ScreeningTab({ api, notify, refreshKey }: { api: AdminApi; notify: Notify; refreshKey: number }) {
  const [query, setQuery] = useState({ reason: '', from: '', to: '', page: 1, limit: ADMIN_PAGE_SIZE });
  const [data, setData] = useState<ScreeningRejectionsResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [releasing, setReleasing] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const set = (patch: Partial<typeof query>) => setQuery((q) => ({ ...q, ...patch, page: patch.page ?? 1 }));

  useEffect(() => {
    let current = true;
    api
      .screeningRejections(query)
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
  }, [api, query, refreshKey, reload]);

  async function release(leadId: string) {
    setReleasing(leadId);
    try {
      const answer = await api.releaseLead(leadId);
      notify.success(answer.message);
      setReload((n) => n + 1);
    } catch (error) {
      reportFailure(notify, error, 'Failed to release the request', 'Error releasing the request');
    } finally {
      setReleasing(null);
    }
  }

  return (
    <>
      <section className="admin-card" aria-labelledby="screening-title" aria-busy={data === null}>
        <div className="admin-toolbar">
          <h2 id="screening-title">Screening: recent rejections</h2>
          <Field id="screening-reason" label="Reason">
            <select id="screening-reason" value={query.reason} onChange={(e) => set({ reason: e.target.value })}>
              <option value="">All reasons</option>
              {(data?.counts_7d ?? []).map((c) => (
                <option key={c.reason} value={c.reason}>
                  {c.reason}
                </option>
              ))}
            </select>
          </Field>
          <Field id="screening-from" label="From">
            <input id="screening-from" type="date" value={query.from} onChange={(e) => set({ from: e.target.value })} />
          </Field>
          <Field id="screening-to" label="To">
            <input id="screening-to" type="date" value={query.to} onChange={(e) => set({ to: e.target.value })} />
          </Field>
        </div>
        {data && data.counts_7d.length > 0 && (
          <ul className="admin-snapshot" aria-label="Rejections per reason, last 7 days">
            {data.counts_7d.map((c) => (
              <li key={c.reason}>
                {c.reason}: {c.count}
              </li>
            ))}
          </ul>
        )}
        {failed && <p className="field-error">{MESSAGES.admin.fetchFailed}</p>}
        <AdminTable columns={COLUMNS} isEmpty={data !== null && data.rejections.length === 0} emptyText="No rejections">
          {data === null ? (
            <tr>
              <td colSpan={COLUMNS.length} className="admin-placeholder" role="status">
                Loading rejections…
              </td>
            </tr>
          ) : (
            data.rejections.map((r) => (
              <tr key={r.lead_id} data-lead-id={r.lead_id}>
                <td>{formatDateTime(r.screened_at)}</td>
                <td>
                  <strong>{r.service_category ? serviceLabel(r.service_category, r.sub_service) : '—'}</strong>
                  {r.zip_code ? ` · ${r.zip_code}` : ''}
                  {r.is_test ? ' · test' : ''}
                  <br />
                  <span className="admin-muted">{r.description}</span>
                </td>
                <td>
                  <ul className="admin-snapshot">
                    {r.reasons.map((code) => (
                      <li key={code} title={code}>
                        {reasonText(code)}
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  {r.released_at ? (
                    <span>Released {formatDateTime(r.released_at)}</span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-secondary"
                      disabled={releasing !== null}
                      aria-label={`Release the request of ${formatDateTime(r.screened_at)}`}
                      onClick={() => void release(r.lead_id)}
                    >
                      {releasing === r.lead_id ? 'Releasing…' : 'Release'}
                    </button>
                  )}
                </td>
              </tr>
            ))
          )}
        </AdminTable>
        {data && (
          <Pager
            label="Rejections"
            page={query.page}
            limit={query.limit}
            shown={data.rejections.length}
            total={data.total}
            onPage={(page) => set({ page })}
          />
        )}
      </section>
      <ScreeningRulesCard api={api} notify={notify} />
    </>
  );
}

const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The rules an operator tunes: blocked words and domains, the per-address limit and its window. */
function ScreeningRulesCard({ api, notify }: { api: AdminApi; notify: Notify }) {
  const [rules, setRules] = useState<ScreeningRulesResponse | null>(null);
  const [form, setForm] = useState({ words: '', domains: '', limit: '', windowMinutes: '' });
  const [saving, setSaving] = useState(false);

  const show = (r: ScreeningRulesResponse) => {
    setRules(r);
    setForm({
      words: r.blocked_words.join('\n'),
      domains: r.blocked_domains.join('\n'),
      limit: String(r.ip_limit),
      windowMinutes: String(Math.round(r.ip_window_seconds / 60)),
    });
  };

  useEffect(() => {
    api
      .screeningRules()
      .then(show)
      .catch((error) =>
        reportFailure(notify, error, 'Failed to load the screening rules', 'Error loading the screening rules'),
      );
  }, [api, notify]);

  async function save() {
    setSaving(true);
    try {
      show(
        await api.saveScreeningRules({
          blocked_words: lines(form.words),
          blocked_domains: lines(form.domains),
          ip_limit: Number(form.limit),
          ip_window_seconds: Number(form.windowMinutes) * 60,
        }),
      );
      notify.success('Screening rules saved');
    } catch (error) {
      reportFailure(notify, error, 'Failed to save the screening rules', 'Error saving the screening rules');
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="admin-card" aria-labelledby="screening-rules-title" aria-busy={rules === null}>
      <h2 id="screening-rules-title">Screening rules</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field id="screening-words" label="Blocked words and phrases (one per line)">
          <textarea
            id="screening-words"
            rows={4}
            value={form.words}
            onChange={(e) => setForm({ ...form, words: e.target.value })}
          />
        </Field>
        <Field id="screening-domains" label="Blocked email domains (one per line)">
          <textarea
            id="screening-domains"
            rows={3}
            value={form.domains}
            onChange={(e) => setForm({ ...form, domains: e.target.value })}
          />
        </Field>
        <Field id="screening-limit" label="Requests per address">
          <input
            id="screening-limit"
            type="number"
            min={1}
            value={form.limit}
            onChange={(e) => setForm({ ...form, limit: e.target.value })}
          />
        </Field>
        <Field id="screening-window" label="Per how many minutes">
          <input
            id="screening-window"
            type="number"
            min={1}
            value={form.windowMinutes}
            onChange={(e) => setForm({ ...form, windowMinutes: e.target.value })}
          />
        </Field>
        {rules?.updated_at && <p className="admin-muted">Last changed {formatDateTime(rules.updated_at)}</p>}
        <button type="submit" className="btn btn-primary" disabled={saving || rules === null}>
          {saving ? 'Saving…' : 'Save rules'}
        </button>
      </form>
    </section>
  );
}
