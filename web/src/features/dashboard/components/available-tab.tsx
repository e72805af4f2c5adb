import { useEffect, useId, useState } from 'react';
import { formatPhone } from '@leadmarket/contracts/display';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { ContactFacts } from '../../../components/ui/contact-facts';
import { UrgencyBadge, urgencyOf } from '../../../components/ui/urgency-badge';
import { ApiError } from '../../../lib/api';
import { errorText, type Session } from '../api/client';
import { getPurchasedLead, type PurchasedLeadContact } from '../api/get-purchased-lead';
import { purchaseLead } from '../api/purchase-lead';
import type { AvailableLead } from '../api/types';
import { leadPrice, money, postedAgo, shortDate, sortLeads, truncate, humanize } from '../domain/rules';
import { Dialog } from './dialog';
import { PurchaseDialog } from './purchase-dialog';

/** Said when a lead leaves the list while the contractor is confirming its purchase. */
const LEAD_GONE_MESSAGE = 'This lead has already been purchased by another contractor, or is no longer available.';

/** Available leads, newest first: card, View Details, confirm purchase (§2, §5). */
export function AvailableTab({
  session,
  leads,
  total = leads.length,
  pricing,
  balance,
  maxLeadPrice = null,
  onOpenSettings,
  onPurchased,
  onAddFunds,
  onLost,
}: {
  session: Session;
  leads: AvailableLead[];
  /** How many leads are available in all; the server lists the newest AVAILABLE_LEADS_SHOWN. */
  total?: number;
  pricing: Record<string, number> | undefined;
  balance: number;
  /** The contractor's maximum price per lead in dollars (null: none): leads above it cannot be bought. */
  maxLeadPrice?: number | null;
  onOpenSettings?: () => void;
  onPurchased: (message: string) => void;
  onAddFunds: () => void;
  /** Another contractor bought it first: the page drops the lead from Available and says so. */
  onLost: (leadId: string, message: string) => void;
}) {
  const [details, setDetails] = useState<AvailableLead | null>(null);
  const [buying, setBuying] = useState<AvailableLead | null>(null);
  // The lead just bought, with its contact: shown at once, as the Purchased list follows the sale by an event.
  const [bought, setBought] = useState<PurchasedLeadContact | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [order, setOrder] = useState<'newest' | 'price-high' | 'price-low'>('newest');
  const sortId = useId();
  const boughtTitleId = useId();
  // "posted N min ago" stays true while the tab is open.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const urgencyOfLead = (lead: AvailableLead) => urgencyOf(lead.lead_type);

  // The live stream took the lead off the list while its purchase dialog was open (another
  // contractor bought it, or it expired): close the dialog and say so, rather than let it vanish.
  useEffect(() => {
    if (buying && !busy && !leads.some((l) => l.id === buying.id)) {
      setBuying(null);
      onLost(buying.id, LEAD_GONE_MESSAGE);
    }
  }, [leads, buying, busy, onLost]);

  async function confirm() {
    if (!buying) return;
    setBusy(true);
    setError(null);
    try {
      await purchaseLead(session, buying.id);
      const leadId = buying.id;
      setBuying(null);
      onPurchased(MESSAGES.contractorSuccess.leadPurchased);
      // Read from the contact's holder; if it cannot answer now, the lead still comes under Purchased.
      void getPurchasedLead(session, leadId).then(setBought, () => undefined);
    } catch (caught) {
      // Lost the race (or the lead went away): close the dialog and take the card away now, not at the next poll.
      if (caught instanceof ApiError && (caught.status === 409 || caught.status === 404)) {
        const gone = buying;
        setBuying(null);
        onLost(gone.id, caught.messageOr('This lead is no longer available.'));
        return;
      }
      setError(
        caught instanceof Error && caught.name === 'Error'
          ? caught.message
          : errorText(caught, MESSAGES.contractor.purchaseFailed),
      );
    } finally {
      setBusy(false);
    }
  }

  // Not a dialog: the contractor goes on using the dashboard with the contact in view.
  const boughtCard = bought && (
    <section className="dash-card" aria-labelledby={boughtTitleId} data-testid="just-bought">
      <h3 id={boughtTitleId}>Lead Purchased</h3>
      <dl className="dash-facts">
        <dt>Customer</dt>
        <dd>{bought.customer_name}</dd>
        <dt>Phone</dt>
        <dd>
          <a href={`tel:${bought.phone}`}>{formatPhone(bought.phone)}</a>
        </dd>
        {bought.email ? (
          <>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${bought.email}`}>{bought.email}</a>
            </dd>
          </>
        ) : null}
        <dt>Service</dt>
        <dd>
          {humanize(bought.service_category)}
          {bought.sub_service ? ` — ${humanize(bought.sub_service)}` : ''}
        </dd>
        <dt>ZIP Code</dt>
        <dd>{bought.zip_code}</dd>
        <dt>Description</dt>
        <dd>{bought.description}</dd>
      </dl>
      <p className="dash-hint">The lead is also under Purchased, where you can mark it completed or archive it.</p>
      <button type="button" className="dash-btn" onClick={() => setBought(null)}>
        Dismiss
      </button>
    </section>
  );

  if (leads.length === 0)
    return (
      <>
        {boughtCard}
        <p className="dash-empty">No available leads right now. New leads appear here automatically.</p>
      </>
    );

  return (
    <>
      {boughtCard}
      <div className="dash-list-controls">
        <div className="dash-field">
          <label htmlFor={sortId}>Sort by</label>
          <select id={sortId} value={order} onChange={(e) => setOrder(e.target.value as typeof order)}>
            <option value="newest">Newest first</option>
            <option value="price-high">Price: high to low</option>
            <option value="price-low">Price: low to high</option>
          </select>
        </div>
      </div>
      {total > leads.length ? (
        <p className="dash-hint">
          Showing the newest {leads.length} of {total.toLocaleString('en-US')} available leads.
        </p>
      ) : null}
      <ul className="dash-cards">
        {sortLeads(leads, order, (l) => leadPrice(l, pricing)).map((lead) => {
          const price = leadPrice(lead, pricing);
          // Shown, since it is in the contractor's area, but never offered nor sold above the cap (docs/adr/0037).
          const aboveMax = maxLeadPrice != null && price > maxLeadPrice;
          const noteId = `above-max-${lead.id}`;
          return (
            <li key={lead.id} className="dash-card dash-lead" data-testid="available-lead" data-lead-id={lead.id}>
              <div className="dash-lead__top">
                <span className="dash-badge dash-badge--exclusive">Exclusive</span>
                <UrgencyBadge urgency={urgencyOfLead(lead)} />
                <span className="dash-lead__cost">{money(price)}</span>
              </div>
              <h3 className="dash-lead__title">
                {humanize(lead.service_category)}
                {lead.sub_service ? ` — ${humanize(lead.sub_service)}` : ''}
              </h3>
              <p className="dash-lead__meta">
                Customer: New Lead · ZIP {lead.zip_code} ·{' '}
                <time dateTime={lead.created_at} title={new Date(lead.created_at).toLocaleString()}>
                  {postedAgo(lead.created_at, now)}
                </time>
              </p>
              <p className="dash-lead__desc">{truncate(lead.description ?? '')}</p>
              <ContactFacts facts={lead} now={new Date(now)} />
              {aboveMax ? (
                <p id={noteId} className="dash-hint" data-testid="above-max-price">
                  Above your maximum price per lead ({money(maxLeadPrice)}): not offered to you and cannot be bought.{' '}
                  {onOpenSettings ? (
                    <button type="button" className="dash-btn dash-btn--link" onClick={onOpenSettings}>
                      Change it in Settings
                    </button>
                  ) : null}
                </p>
              ) : null}
              <div className="dash-lead__actions">
                <button type="button" className="dash-btn" onClick={() => setDetails(lead)}>
                  View Details
                </button>
                <button
                  type="button"
                  className="dash-btn dash-btn--primary"
                  disabled={aboveMax}
                  aria-describedby={aboveMax ? noteId : undefined}
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
            <dt>Urgency</dt>
            <dd>
              <UrgencyBadge urgency={urgencyOfLead(details)} />
            </dd>
            <dt>Cost</dt>
            <dd>{money(leadPrice(details, pricing))}</dd>
            <dt>Created</dt>
            <dd>
              {shortDate(details.created_at)} ({postedAgo(details.created_at, now)})
            </dd>
            <dt>Contact</dt>
            <dd>
              <ContactFacts facts={details} now={new Date(now)} />
            </dd>
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
          urgency={urgencyOfLead(buying)}
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
