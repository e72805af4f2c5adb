import { formatPhone } from '@leadmarket/contracts/display';
import { useCallback, useEffect, useState } from 'react';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { AdminSessionExpired, type AdminApi } from '../api/admin-api';
import type { ContractorPageData } from '../api/types';
import { catalogueLabel, formatDate, formatDateTime, formatMoney, humanize, plural } from '../utils/format';
import { AdminTable } from './admin-table';
import { AutoCreditsCard } from './auto-credits-card';
import { reportFailure, type Notify } from './notify';
import { Pager } from './pager';
import { LeadStatusBadge, RefundStatusBadge } from './status-badge';
import { WalletAdjustCard } from './wallet-adjust-card';

const STATEMENT_PAGE = 25;

/** A part of the page its owner could not give: say so, never show it as empty. */
function Unavailable({ what, reason }: { what: string; reason: string }) {
  return (
    <p className="admin-muted" role="status">
      {what} is not available right now ({reason}).
    </p>
  );
}

/**
 * One contractor: profile, wallet statement (wallet-ledger's running balance), leads bought,
 * refund requests, automatic credits (with Reverse) and the SMS consent record (time, IP, exact wording), with Adjust and Delete.
 */
export function ContractorPage({
  api,
  contractorId,
  notify,
  onBack,
  onChanged,
}: {
  api: AdminApi;
  contractorId: string;
  notify: Notify;
  onBack: () => void;
  onChanged: () => void;
}) {
  const [data, setData] = useState<ContractorPageData | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);

  const load = useCallback(async () => {
    try {
      setData(await api.contractorPage(contractorId, offset));
      setFailed(null);
    } catch (error) {
      if (error instanceof AdminSessionExpired) return;
      setFailed(error instanceof Error ? error.message : MESSAGES.admin.fetchFailed);
    }
  }, [api, contractorId, offset]);

  useEffect(() => {
    void load();
  }, [load]);

  async function deleteContractor() {
    if (!window.confirm(MESSAGES.confirm.deleteContractor)) return;
    try {
      await api.deleteContractor(contractorId);
      notify.success(MESSAGES.adminSuccess.contractorDeleted);
      onChanged();
      onBack();
    } catch (error) {
      reportFailure(notify, error, MESSAGES.admin.deleteContractorFailed, MESSAGES.admin.deleteContractorError);
    }
  }

  const c = data?.contractor;
  return (
    <div className="admin-tab-stack">
      <div className="admin-toolbar">
        <button type="button" className="admin-button" onClick={onBack}>
          ← Back to contractors
        </button>
        <h2>{c ? c.business_name : 'Contractor'}</h2>
        {c && (
          <button type="button" className="admin-button admin-button--danger" onClick={deleteContractor}>
            Delete contractor
          </button>
        )}
      </div>
      {failed && <p className="field-error">{failed}</p>}
      {!data && !failed && (
        <p className="admin-placeholder" role="status">
          Loading contractor…
        </p>
      )}
      {data && c && (
        <>
          <section className="admin-card" aria-labelledby="contractor-profile-title">
            <h3 id="contractor-profile-title">Profile</h3>
            <dl className="admin-facts">
              <dt>Contractor ID</dt>
              <dd>{c.id}</dd>
              <dt>Contact</dt>
              <dd>{c.contact_name}</dd>
              <dt>Email</dt>
              <dd>{c.email}</dd>
              <dt>Phone</dt>
              <dd>{formatPhone(c.phone)}</dd>
              <dt>Service</dt>
              <dd>
                {catalogueLabel(c.industry)}
                {c.sub_service ? ` · ${catalogueLabel(c.industry, c.sub_service)}` : ''}
              </dd>
              <dt>Service areas</dt>
              <dd>{Array.isArray(c.zip_codes) ? c.zip_codes.join(', ') : c.zip_codes}</dd>
              <dt>Signed up</dt>
              <dd>{formatDate(c.created_at)}</dd>
              <dt>SMS alerts</dt>
              <dd>{c.sms_opt_in ? 'On' : 'Off'}</dd>
            </dl>
          </section>

          <section className="admin-card" aria-labelledby="contractor-statement-title">
            <h3 id="contractor-statement-title">Wallet statement</h3>
            {data.statement.available ? (
              <>
                <p>
                  Balance: <strong>{formatMoney(data.statement.balance)}</strong>
                </p>
                <AdminTable
                  columns={['Date', 'Entry', 'Amount', 'Balance after']}
                  isEmpty={data.statement.entries.length === 0}
                  emptyText="No wallet entries yet"
                >
                  {data.statement.entries.map((e) => (
                    <tr key={e.transaction_id}>
                      <td>{formatDateTime(e.occurred_at)}</td>
                      <td>{e.label || humanize(e.kind)}</td>
                      <td>{formatMoney(e.amount)}</td>
                      <td>{formatMoney(e.balance_after)}</td>
                    </tr>
                  ))}
                </AdminTable>
                <Pager
                  label="Statement"
                  page={Math.floor(offset / STATEMENT_PAGE) + 1}
                  limit={STATEMENT_PAGE}
                  shown={data.statement.entries.length}
                  total={data.statement.total}
                  onPage={(p) => setOffset((p - 1) * STATEMENT_PAGE)}
                />
              </>
            ) : (
              <Unavailable what="The wallet statement" reason={data.statement.reason} />
            )}
          </section>

          <WalletAdjustCard
            api={api}
            contractors={[c]}
            initialContractorId={c.id}
            notify={notify}
            onAdjusted={() => {
              void load();
              onChanged();
            }}
          />

          <section className="admin-card" aria-labelledby="contractor-leads-title">
            <h3 id="contractor-leads-title">
              Leads bought
              {data.leads_bought.available ? ` (${plural(data.leads_bought.leads.length, 'lead')})` : ''}
            </h3>
            {data.leads_bought.available ? (
              <AdminTable
                columns={['Bought', 'Customer', 'Service', 'ZIP', 'Status']}
                isEmpty={data.leads_bought.leads.length === 0}
                emptyText="No leads bought yet"
              >
                {data.leads_bought.leads.map((l) => (
                  <tr key={l.id}>
                    <td>{formatDateTime(l.claimed_at)}</td>
                    <td>{l.customer_name}</td>
                    <td>
                      {catalogueLabel(l.service_category)} · {catalogueLabel(l.service_category, l.sub_service)}
                    </td>
                    <td>{l.zip_code}</td>
                    <td>
                      <LeadStatusBadge status={l.is_archived ? 'archived' : 'purchased'} />
                    </td>
                  </tr>
                ))}
              </AdminTable>
            ) : (
              <Unavailable what="The list of leads bought" reason={data.leads_bought.reason} />
            )}
          </section>

          <section className="admin-card" aria-labelledby="contractor-refunds-title">
            <h3 id="contractor-refunds-title">Refund requests</h3>
            {data.refunds.available ? (
              <AdminTable
                columns={['Requested', 'Lead', 'Amount', 'Reason', 'Status', 'Notes']}
                isEmpty={data.refunds.requests.length === 0}
                emptyText="No refund requests"
              >
                {data.refunds.requests.map((r) => (
                  <tr key={r.id}>
                    <td>{formatDateTime(r.requested_at)}</td>
                    <td>{r.lead?.customer_name ?? r.lead_id.slice(0, 8)}</td>
                    <td>{formatMoney(r.amount)}</td>
                    <td>{r.reason}</td>
                    <td>
                      <RefundStatusBadge status={r.status} />
                    </td>
                    <td>{r.admin_notes}</td>
                  </tr>
                ))}
              </AdminTable>
            ) : (
              <Unavailable what="The refund history" reason={data.refunds.reason} />
            )}
          </section>

          {data.auto_credits &&
            (data.auto_credits.available ? (
              <AutoCreditsCard
                api={api}
                credits={data.auto_credits.credits}
                notify={notify}
                onReversed={() => {
                  void load();
                  onChanged();
                }}
              />
            ) : (
              <section className="admin-card" aria-labelledby="contractor-auto-credits-title">
                <h3 id="contractor-auto-credits-title">Automatic credits</h3>
                <Unavailable what="The automatic credits" reason={data.auto_credits.reason} />
              </section>
            ))}

          <section className="admin-card" aria-labelledby="contractor-consent-title">
            <h3 id="contractor-consent-title">SMS consent record</h3>
            {data.sms_consent.available ? (
              data.sms_consent.records.length === 0 ? (
                <p className="admin-muted">No SMS consent recorded</p>
              ) : (
                <ol className="admin-consents">
                  {data.sms_consent.records.map((r, i) => (
                    <li key={`${r.recorded_at}-${i}`}>
                      <strong>{r.opted_in ? 'Agreed to SMS' : 'Declined or stopped SMS'}</strong> on{' '}
                      {formatDateTime(r.recorded_at)} from IP {r.ip ?? 'not recorded'} ({humanize(r.source)})
                      <blockquote>{r.wording}</blockquote>
                    </li>
                  ))}
                </ol>
              )
            ) : (
              <Unavailable what="The SMS consent record" reason={data.sms_consent.reason} />
            )}
          </section>
        </>
      )}
    </div>
  );
}
