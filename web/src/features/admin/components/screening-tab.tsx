import { useEffect, useState } from 'react';
import { ADMIN_PAGE_SIZE } from '@leadmarket/contracts/constants';
import { serviceLabel } from '@leadmarket/contracts/catalogue';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { LEAD_REASON_PROBLEMS } from '@leadmarket/contracts/lead-reasons';
import type {
  ConfirmationRule,
  ConfirmationRulesResponse,
  ScreeningRejectionsResponse,
  ScreeningRulesResponse,
} from '@leadmarket/contracts';
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
      <ConfirmationRulesCard api={api} notify={notify} />
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

type RuleRow = ConfirmationRulesResponse['rules'][number];

/** A category's rule in words, as the operator reads it in the list. */
const ruleWords = (r: RuleRow) =>
  r.mode === 'at_once'
    ? 'Offered at once; confirmed phones are marked'
    : `Only confirmed phones; after ${r.wait_minutes} min unconfirmed: ${
        r.after_wait === 'offer' ? 'offered anyway' : 'closed, and the customer told'
      }`;

/**
 * Which requests each category offers (docs/adr/0045): at once, marking those whose phone the
 * customer confirmed with the texted code, or only confirmed ones, with how long to wait and what
 * then. Matching applies it; every change is in the audit log.
 */
function ConfirmationRulesCard({ api, notify }: { api: AdminApi; notify: Notify }) {
  const [rules, setRules] = useState<RuleRow[] | null>(null);
  const [form, setForm] = useState<{ service_category: string; mode: string; wait: string; after_wait: string }>({
    service_category: '',
    mode: 'at_once',
    wait: '60',
    after_wait: 'offer',
  });
  const [saving, setSaving] = useState(false);

  const pick = (category: string, list = rules) => {
    const r = list?.find((x) => x.service_category === category);
    if (r)
      setForm({ service_category: category, mode: r.mode, wait: String(r.wait_minutes), after_wait: r.after_wait });
  };

  useEffect(() => {
    api
      .confirmationRules()
      .then((r) => {
        setRules(r.rules);
        const first = r.rules[0];
        if (first)
          setForm({
            service_category: first.service_category,
            mode: first.mode,
            wait: String(first.wait_minutes),
            after_wait: first.after_wait,
          });
      })
      .catch((error) =>
        reportFailure(
          notify,
          error,
          'Failed to load the phone confirmation rules',
          'Error loading the phone confirmation rules',
        ),
      );
  }, [api, notify]);

  async function save() {
    setSaving(true);
    try {
      const answer = await api.saveConfirmationRule({
        service_category: form.service_category,
        mode: form.mode as ConfirmationRule['mode'],
        wait_minutes: Number(form.wait),
        after_wait: form.after_wait as ConfirmationRule['after_wait'],
      });
      setRules(answer.rules);
      notify.success(`Phone confirmation rule saved for ${serviceLabel(form.service_category)}`);
    } catch (error) {
      reportFailure(
        notify,
        error,
        'Failed to save the phone confirmation rule',
        'Error saving the phone confirmation rule',
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="admin-card" aria-labelledby="confirmation-rules-title" aria-busy={rules === null}>
      <h2 id="confirmation-rules-title">Phone confirmation by category</h2>
      <p className="admin-muted">
        Customers get a code by text message to confirm their phone. Choose, per category, whether professionals are
        offered a request at once or only once its phone is confirmed.
      </p>
      <ul className="admin-list" aria-label="Phone confirmation rules">
        {(rules ?? []).map((r) => (
          <li key={r.service_category}>
            <strong>{serviceLabel(r.service_category)}</strong>: {ruleWords(r)}
          </li>
        ))}
      </ul>
      <form
        aria-label="Phone confirmation rule"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field id="confirmation-category" label="Category">
          <select id="confirmation-category" value={form.service_category} onChange={(e) => pick(e.target.value)}>
            {(rules ?? []).map((r) => (
              <option key={r.service_category} value={r.service_category}>
                {serviceLabel(r.service_category)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="confirmation-mode" label="Offer">
          <select id="confirmation-mode" value={form.mode} onChange={(e) => setForm({ ...form, mode: e.target.value })}>
            <option value="at_once">At once, and mark confirmed phones</option>
            <option value="confirmed_only">Only requests with a confirmed phone</option>
          </select>
        </Field>
        {form.mode === 'confirmed_only' ? (
          <>
            <Field id="confirmation-wait" label="Minutes to wait for the confirmation">
              <input
                id="confirmation-wait"
                type="number"
                min={1}
                value={form.wait}
                onChange={(e) => setForm({ ...form, wait: e.target.value })}
              />
            </Field>
            <Field id="confirmation-after" label="Still unconfirmed after the wait">
              <select
                id="confirmation-after"
                value={form.after_wait}
                onChange={(e) => setForm({ ...form, after_wait: e.target.value })}
              >
                <option value="offer">Offer it anyway</option>
                <option value="expire">Close it and tell the customer</option>
              </select>
            </Field>
          </>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={saving || rules === null}>
          {saving ? 'Saving…' : 'Save the rule'}
        </button>
      </form>
    </section>
  );
}
