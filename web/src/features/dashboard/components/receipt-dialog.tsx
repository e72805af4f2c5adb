import { useEffect, useState } from 'react';
import type { LeadReceipt, VerifyReceiptResponse } from '@leadmarket/contracts';
import { formatCents, humanizeValue, plural } from '@leadmarket/contracts/display';
import { errorText, type Session } from '../api/client';
import { getLeadReceipt } from '../api/get-lead-receipt';
import { verifyReceipt } from '../api/verify-lead-receipt';
import { dateTimeInWords } from '../domain/rules';
import { Dialog } from './dialog';

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; receipt: LeadReceipt; verdict: VerifyReceiptResponse };

const FAILED = 'The receipt could not be loaded. Try again in a moment.';

/** The public page where anyone can check the receipt (lead id and code in the link). */
const checkLink = (receipt: LeadReceipt) =>
  `${window.location.origin}/verify-receipt?lead=${encodeURIComponent(receipt.receipt.lead_id)}&code=${encodeURIComponent(receipt.code)}`;

/** "home_services/hvac" → "Home Services — HVAC". */
const rowInWords = (row: string) =>
  row
    .split('/')
    .filter(Boolean)
    .map((part) => humanizeValue(part))
    .join(' — ') || 'Default price';

const SOURCE_WORDS: Record<string, string> = {
  trade: 'its trade’s price',
  industry: 'its industry’s price',
  default: 'the marketplace default',
};

/**
 * The proof of exclusivity of one bought lead: the receipt from get-lead-receipt, checked at once
 * through the public verify-lead-receipt (the same check anyone the contractor hands it to can
 * make), with the verdict in plain words and the receipt ready to copy.
 */
export function ReceiptDialog({ session, leadId, onClose }: { session: Session; leadId: string; onClose: () => void }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const receipt = await getLeadReceipt(session, leadId);
        const verdict = await verifyReceipt({ receipt: receipt.receipt, code: receipt.code });
        if (live) setState({ kind: 'ready', receipt, verdict });
      } catch (caught) {
        if (live) setState({ kind: 'failed', message: errorText(caught, FAILED) });
      }
    })();
    return () => {
      live = false;
    };
  }, [session, leadId]);

  async function copy(receipt: LeadReceipt) {
    const text = checkLink(receipt);
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <Dialog title="Proof of exclusivity" subtitle={`Lead ${leadId.slice(0, 8)}`} onClose={onClose} wide>
      {state.kind === 'loading' && (
        <p className="dash-hint" role="status">
          Checking the receipt…
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="dash-error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'ready' && (
        <>
          <div
            className={`dash-verdict ${state.verdict.valid ? 'dash-verdict--valid' : 'dash-verdict--invalid'}`}
            role="status"
            data-testid="receipt-verdict"
          >
            <strong>
              {state.verdict.valid && state.receipt.exclusive ? 'Exclusive — verified' : 'This receipt did not verify'}
            </strong>
            <p>{state.verdict.valid ? state.receipt.statement : state.verdict.verdict}</p>
          </div>
          <dl className="dash-facts">
            <dt>Price paid</dt>
            <dd>{formatCents(state.receipt.receipt.price_cents)}</dd>
            <dt>Price set by</dt>
            <dd>
              {rowInWords(state.receipt.receipt.price_row)} ({humanizeValue(state.receipt.receipt.lead_type)}),{' '}
              {SOURCE_WORDS[state.receipt.receipt.price_source] ?? state.receipt.receipt.price_source}
              {state.receipt.receipt.price_version ? `, price change #${state.receipt.receipt.price_version}` : ''}
            </dd>
            <dt>Priced</dt>
            <dd>{dateTimeInWords(state.receipt.receipt.priced_at)}</dd>
            <dt>Offered</dt>
            <dd>
              {state.receipt.receipt.offered_at
                ? `${dateTimeInWords(state.receipt.receipt.offered_at)}, to ${plural(state.receipt.receipt.offered_to, 'contractor')}`
                : `Bought from your dashboard (offered to ${plural(state.receipt.receipt.offered_to, 'contractor')})`}
            </dd>
            <dt>Bought</dt>
            <dd>{dateTimeInWords(state.receipt.receipt.purchased_at)}</dd>
            <dt>Phone</dt>
            <dd>
              {state.receipt.receipt.phone_confirmed_at
                ? `Confirmed by the customer ${dateTimeInWords(state.receipt.receipt.phone_confirmed_at)}`
                : 'Not confirmed before the purchase'}
            </dd>
            <dt>Other purchases</dt>
            <dd>{state.receipt.receipt.other_purchases === 0 ? 'None' : state.receipt.receipt.other_purchases}</dd>
            <dt>Ledger transaction</dt>
            <dd>
              <code>{state.receipt.receipt.transaction_id}</code>
            </dd>
            <dt>Receipt code</dt>
            <dd>
              <code data-testid="receipt-code">{state.receipt.code}</code>
            </dd>
          </dl>
          <p className="dash-hint">
            Anyone can check this receipt with the lead id and the code:{' '}
            <a href={checkLink(state.receipt)} target="_blank" rel="noreferrer">
              open the public check
            </a>{' '}
            or copy its link to send it.
          </p>
        </>
      )}
      <div className="dash-dialog__actions">
        {state.kind === 'ready' && (
          <button type="button" className="dash-btn" onClick={() => copy(state.receipt)}>
            {copied ? 'Link copied' : 'Copy check link'}
          </button>
        )}
        <button type="button" className="dash-btn dash-btn--primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
