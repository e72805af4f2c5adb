import { MESSAGES } from '@leadmarket/contracts/messages';
import type { AvailableLead } from '../api/types';
import { UrgencyBadge } from '../../../components/ui/urgency-badge';
import { money, humanize } from '../domain/rules';
import { Dialog } from './dialog';

/** Confirm purchase: allowed only when the balance covers the price, else the §5 insufficient-balance state. */
export function PurchaseDialog({
  lead,
  urgency,
  price,
  balance,
  busy,
  error,
  onConfirm,
  onAddFunds,
  onClose,
}: {
  lead: AvailableLead;
  urgency: string;
  price: number;
  balance: number;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onAddFunds: () => void;
  onClose: () => void;
}) {
  const affordable = balance >= price;
  return (
    <Dialog title="Confirm Purchase" onClose={onClose}>
      <dl className="dash-facts">
        <dt>Service</dt>
        <dd>
          {humanize(lead.service_category)}
          {lead.sub_service ? ` — ${humanize(lead.sub_service)}` : ''}
        </dd>
        <dt>ZIP Code</dt>
        <dd>{lead.zip_code}</dd>
        <dt>Urgency</dt>
        <dd>
          <UrgencyBadge urgency={urgency} />
        </dd>
        <dt>Lead cost</dt>
        <dd>{money(price)}</dd>
        <dt>Wallet balance</dt>
        <dd>{money(balance)}</dd>
      </dl>
      {!affordable && (
        <p className="dash-error" role="alert">
          {MESSAGES.contractor.insufficientBalance}
        </p>
      )}
      {error && (
        <p className="dash-error" role="alert">
          {error}
        </p>
      )}
      <div className="dash-dialog__actions">
        <button type="button" className="dash-btn" onClick={onClose}>
          Cancel
        </button>
        {affordable ? (
          <button type="button" className="dash-btn dash-btn--primary" onClick={onConfirm} disabled={busy}>
            {busy ? 'Purchasing...' : `Purchase for ${money(price)}`}
          </button>
        ) : (
          <button type="button" className="dash-btn dash-btn--primary" onClick={onAddFunds}>
            Add Funds
          </button>
        )}
      </div>
    </Dialog>
  );
}
