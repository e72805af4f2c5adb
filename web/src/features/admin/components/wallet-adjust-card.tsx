import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { ApiError } from '../../../lib/api';
import type { AdminApi } from '../api/admin-api';
import type { AdminContractor } from '../api/types';
import { checkAdjustment } from '../utils/validation';
import { Field, TextField } from './field';
import { reportFailure, type Notify } from './notify';

/** Wallet adjustment (§2 tab 2): contractor, amount (negative deducts), notes; Adjust is disabled until both are set. */
export function WalletAdjustCard({
  api,
  contractors,
  notify,
  onAdjusted,
  initialContractorId = '',
}: {
  api: AdminApi;
  /** The contractors to choose from (the list tab's rows, or the one contractor of its page). */
  contractors: Array<Pick<AdminContractor, 'id' | 'business_name' | 'email'>>;
  notify: Notify;
  onAdjusted: () => void;
  /** Preselected contractor (the contractor page). */
  initialContractorId?: string;
}) {
  const [contractorId, setContractorId] = useState(initialContractorId);
  const [fieldError, setFieldError] = useState<{ field: 'amount' | 'notes'; message: string } | null>(null);
  const [amount, setAmount] = useState('');
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  // One key per submission: a double click or a retry after a lost answer credits once (the server
  // dedupes by it); a new key only after a success.
  const [submissionKey, setSubmissionKey] = useState(() => crypto.randomUUID());

  async function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkAdjustment(contractorId, amount);
    if (!check.ok) {
      setFieldError({ field: 'amount', message: check.message });
      notify.error(check.message);
      document.getElementById(contractorId ? 'adjust-amount' : 'adjust-contractor')?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await api.adjustWallet(check.contractorId, check.amount, notes.trim(), submissionKey);
      setSubmissionKey(crypto.randomUUID());
      notify.success(MESSAGES.adminSuccess.walletAdjusted);
      setAmount('');
      setNotes('');
      onAdjusted();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.serverMessage) {
        // The server names the field it refuses; its message goes beside that field.
        const field = (error.body as { field?: string } | undefined)?.field === 'notes' ? 'notes' : 'amount';
        setFieldError({ field, message: error.serverMessage });
        document.getElementById(field === 'notes' ? 'adjust-notes' : 'adjust-amount')?.focus();
      }
      reportFailure(notify, error, MESSAGES.admin.adjustFailed, MESSAGES.admin.adjustError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-card admin-form" onSubmit={submit} aria-labelledby="wallet-adjust-title">
      <h2 id="wallet-adjust-title">Adjust Wallet Balance</h2>
      <div className="admin-form__grid">
        <Field id="adjust-contractor" label="Contractor">
          <select id="adjust-contractor" value={contractorId} onChange={(e) => setContractorId(e.target.value)}>
            <option value="">Select a contractor</option>
            {contractors.map((c) => (
              <option key={c.id} value={c.id}>
                {c.business_name} ({c.email})
              </option>
            ))}
          </select>
        </Field>
        <TextField
          id="adjust-amount"
          label="Amount ($, negative to deduct)"
          type="number"
          step="0.01"
          inputMode="decimal"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setFieldError(null);
          }}
          aria-invalid={fieldError?.field === 'amount' ? true : undefined}
          aria-describedby={fieldError?.field === 'amount' ? 'adjust-amount-error' : undefined}
        />
        {fieldError?.field === 'amount' && (
          <p id="adjust-amount-error" className="field-error admin-field--wide" role="alert">
            {fieldError.message}
          </p>
        )}
        <Field id="adjust-notes" label="Notes" className="admin-field--wide">
          <textarea
            id="adjust-notes"
            rows={2}
            value={notes}
            onChange={(e) => {
              setNotes(e.target.value);
              if (fieldError?.field === 'notes') setFieldError(null);
            }}
            aria-invalid={fieldError?.field === 'notes' ? true : undefined}
            aria-describedby={fieldError?.field === 'notes' ? 'adjust-notes-error' : undefined}
          />
          {fieldError?.field === 'notes' && (
            <p id="adjust-notes-error" className="field-error" role="alert">
              {fieldError.message}
            </p>
          )}
        </Field>
      </div>
      <button
        type="submit"
        className="admin-button admin-button--primary"
        disabled={busy || !contractorId || amount.trim() === ''}
      >
        {busy ? 'Adjusting...' : 'Adjust Balance'}
      </button>
    </form>
  );
}
