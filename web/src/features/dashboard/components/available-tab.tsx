import { useState } from 'react';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { actions, errorText, type Session } from '../api/dashboard-api';
import type { AvailableLead } from '../api/types';
import { leadPrice, money, newestFirst, priceTier, shortDate, truncate, humanize } from '../domain/rules';
import { Dialog } from './dialog';
import { PurchaseDialog } from './purchase-dialog';

/** Available leads, newest first: card, View Details, confirm purchase (§2, §5). */
export function AvailableTab({
  session,
  leads,
  pricing,
  balance,
  onPurchased,
  onAddFunds,
}: {
  session: Session;
  leads: AvailableLead[];
  pricing: Record<string, number> | undefined;
  balance: number;
  onPurchased: (message: string) => void;
  onAddFunds: () => void;
}) {
  const [details, setDetails] = useState<AvailableLead | null>(null);
  const [buying, setBuying] = useState<AvailableLead | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!buying) return;
    setBusy(true);
    setError(null);
    try {
      const result = await actions.purchaseLead(session, buying.id);
      if (result && result.success === false) throw new Error(result.message ?? MESSAGES.contractor.purchaseFailed);
      setBuying(null);
      onPurchased(MESSAGES.contractorSuccess.leadPurchased);
    } catch (caught) {
      setError(
        caught instanceof Error && caught.name === 'Error'
          ? caught.message
          : errorText(caught, MESSAGES.contractor.purchaseFailed),
      );
    } finally {
      setBusy(false);
    }
  }

  if (leads.length === 0)
    return <p className="dash-empty">No available leads right now. New leads appear here automatically.</p>;

  return (
    <>
      <ul className="dash-cards">
        {newestFirst(leads).map((lead) => {
          const price = leadPrice(lead, pricing);
          return (
            <li key={lead.id} className="dash-card dash-lead">
              <div className="dash-lead__top">
                <span className="dash-badge dash-badge--exclusive">Exclusive</span>
                <span className={`dash-badge dash-badge--${priceTier(price).toLowerCase()}`}>{priceTier(price)}</span>
                <span className="dash-lead__cost">{money(price)}</span>
              </div>
              <h3 className="dash-lead__title">
                {humanize(lead.service_category)}
                {lead.sub_service ? ` — ${humanize(lead.sub_service)}` : ''}
              </h3>
              <p className="dash-lead__meta">
                Customer: New Lead · ZIP {lead.zip_code} · {shortDate(lead.created_at)}
              </p>
              <p className="dash-lead__desc">{truncate(lead.description ?? '')}</p>
              <p className="dash-lead__verified">✓ Phone verified · ✓ Email verified · ✓ ZIP verified</p>
              <div className="dash-lead__actions">
                <button type="button" className="dash-btn" onClick={() => setDetails(lead)}>
                  View Details
                </button>
                <button
                  type="button"
                  className="dash-btn dash-btn--primary"
                  onClick={() => {
                    setError(null);
                    setBuying(lead);
                  }}
                >
                  Purchase Lead
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {details && (
        <Dialog title="Lead Details" onClose={() => setDetails(null)}>
          <dl className="dash-facts">
            <dt>Customer</dt>
            <dd>New Lead</dd>
            <dt>Service</dt>
            <dd>
              {humanize(details.service_category)}
              {details.sub_service ? ` — ${humanize(details.sub_service)}` : ''}
            </dd>
            <dt>ZIP Code</dt>
            <dd>{details.zip_code}</dd>
            <dt>Cost</dt>
            <dd>
              {money(leadPrice(details, pricing))} ({priceTier(leadPrice(details, pricing))})
            </dd>
            <dt>Created</dt>
            <dd>{shortDate(details.created_at)}</dd>
            <dt>Description</dt>
            <dd>{details.description}</dd>
          </dl>
          <p className="dash-hint">Contact details are shown after purchase.</p>
          <div className="dash-dialog__actions">
            <button type="button" className="dash-btn" onClick={() => setDetails(null)}>
              Close
            </button>
          </div>
        </Dialog>
      )}
      {buying && (
        <PurchaseDialog
          lead={buying}
          price={leadPrice(buying, pricing)}
          balance={balance}
          busy={busy}
          error={error}
          onConfirm={confirm}
          onAddFunds={() => {
            setBuying(null);
            onAddFunds();
          }}
          onClose={() => setBuying(null)}
        />
      )}
    </>
  );
}
