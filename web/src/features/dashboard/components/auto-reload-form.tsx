import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { focusFirstInvalid, TextField } from '../../../components/ui/field';
import {
  AUTO_RELOAD_AMOUNT_RANGE,
  AUTO_RELOAD_DEFAULTS,
  AUTO_RELOAD_THRESHOLD_RANGE,
} from '@leadmarket/contracts/constants';
import { ApiError } from '../../../lib/api';
import { updateAutoReload } from '../api/auto-reload-settings';
import { errorText, type Session } from '../api/client';
import type { AutoReloadSettings } from '../api/types';
import { DashError } from './dash-error';

const FAILED = 'Failed to update auto-reload settings';

/** Whole dollars as text: 1000 → "$1,000". */
const whole = (dollars: number) => `$${dollars.toLocaleString('en-US')}`;

/** Dollars (cents optional) within the range; letters and blanks are refused rather than read as 0. */
function inRange(text: string, range: { min: number; max: number }) {
  if (!/^\s*\d+(\.\d{1,2})?\s*$/.test(text)) return false;
  const value = Number(text);
  return value >= range.min && value <= range.max;
}

/** Auto-reload: the enabled flag saves at once; threshold and amount show only when enabled (§4, §5). */
export function AutoReloadForm({
  session,
  settings,
  onSaved,
}: {
  session: Session;
  settings: AutoReloadSettings | undefined;
  onSaved: (message: string) => void;
}) {
  const enabledId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused submit, once the errors are on screen, the first wrong field takes the focus.
  const [failedSubmits, setFailedSubmits] = useState(0);
  useEffect(() => {
    if (failedSubmits > 0) focusFirstInvalid(formRef.current);
  }, [failedSubmits]);
  const current: AutoReloadSettings = settings ?? {
    auto_reload_enabled: AUTO_RELOAD_DEFAULTS.enabled,
    auto_reload_threshold: AUTO_RELOAD_DEFAULTS.thresholdDollars,
    auto_reload_amount: AUTO_RELOAD_DEFAULTS.amountDollars,
  };
  const [enabled, setEnabled] = useState(current.auto_reload_enabled);
  // Why it is off when the server switched it off, else what it needs before it can be turned on.
  const note = enabled
    ? null
    : (current.disabled_reason ??
      (current.has_saved_card === false
        ? 'Auto-reload charges a saved card: add funds once with a card first, then turn it on.'
        : null));
  const [threshold, setThreshold] = useState(String(current.auto_reload_threshold));
  const [amount, setAmount] = useState(String(current.auto_reload_amount));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A refused switch (no saved card) is said beside the checkbox, not in the form's general error.
  const [enabledError, setEnabledError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ threshold: string | null; amount: string | null }>({
    threshold: null,
    amount: null,
  });

  // Follow the server's values when they arrive or change elsewhere.
  useEffect(() => {
    setEnabled(current.auto_reload_enabled);
    setThreshold(String(current.auto_reload_threshold));
    setAmount(String(current.auto_reload_amount));
  }, [current.auto_reload_enabled, current.auto_reload_threshold, current.auto_reload_amount]);

  async function save(changed: Partial<AutoReloadSettings>) {
    setBusy(true);
    setError(null);
    setEnabledError(null);
    try {
      await updateAutoReload(session, changed);
      onSaved('Auto-reload settings saved');
      return true;
    } catch (caught) {
      const field = caught instanceof ApiError ? (caught.body as { field?: string } | undefined)?.field : undefined;
      if (field === 'auto_reload_enabled') setEnabledError(errorText(caught, FAILED));
      else setError(errorText(caught, FAILED));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function toggle(next: boolean) {
    setEnabled(next);
    if (!(await save({ auto_reload_enabled: next }))) setEnabled(!next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const t = Number(threshold);
    const a = Number(amount);
    const problems = {
      threshold: inRange(threshold, AUTO_RELOAD_THRESHOLD_RANGE)
        ? null
        : `Threshold must be between ${whole(AUTO_RELOAD_THRESHOLD_RANGE.min)} and ${whole(AUTO_RELOAD_THRESHOLD_RANGE.max)}`,
      amount: inRange(amount, AUTO_RELOAD_AMOUNT_RANGE)
        ? null
        : `Reload amount must be between ${whole(AUTO_RELOAD_AMOUNT_RANGE.min)} and ${whole(AUTO_RELOAD_AMOUNT_RANGE.max)}`,
    };
    setFieldErrors(problems);
    setError(null);
    if (problems.threshold || problems.amount) {
      setFailedSubmits((n) => n + 1);
      return;
    }
    // Only the settings that changed are sent (§7).
    const changed: Partial<AutoReloadSettings> = {};
    if (t !== current.auto_reload_threshold) changed.auto_reload_threshold = t;
    if (a !== current.auto_reload_amount) changed.auto_reload_amount = a;
    if (Object.keys(changed).length > 0) await save(changed);
  }

  return (
    <form ref={formRef} className="dash-card" onSubmit={submit} noValidate>
      <h3>Auto-Reload</h3>
      <div className="dash-checkbox">
        <input
          id={enabledId}
          type="checkbox"
          checked={enabled}
          disabled={busy}
          aria-invalid={enabledError ? true : undefined}
          aria-describedby={enabledError || note ? `${enabledId}-note` : undefined}
          onChange={(e) => toggle(e.target.checked)}
        />
        <label htmlFor={enabledId}>Automatically reload my wallet when the balance runs low</label>
      </div>
      {enabledError ? (
        <p id={`${enabledId}-note`} className="dash-error" role="alert">
          {enabledError}
        </p>
      ) : note ? (
        <p id={`${enabledId}-note`} className="dash-hint" data-testid="auto-reload-note">
          {note}
        </p>
      ) : null}
      {enabled && (
        <div className="dash-grid-2">
          <TextField
            label="Reload when balance falls below ($)"
            type="text"
            inputMode="decimal"
            value={threshold}
            help={`Between ${whole(AUTO_RELOAD_THRESHOLD_RANGE.min)} and ${whole(AUTO_RELOAD_THRESHOLD_RANGE.max)}`}
            error={fieldErrors.threshold}
            onChange={(e) => {
              setThreshold(e.target.value);
              setFieldErrors((c) => ({ ...c, threshold: null }));
            }}
          />
          <TextField
            label="Reload amount ($)"
            type="text"
            inputMode="decimal"
            value={amount}
            help={`Between ${whole(AUTO_RELOAD_AMOUNT_RANGE.min)} and ${whole(AUTO_RELOAD_AMOUNT_RANGE.max)}`}
            error={fieldErrors.amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setFieldErrors((c) => ({ ...c, amount: null }));
            }}
          />
          <div className="dash-field--full">
            <button type="submit" className="dash-btn dash-btn--primary" disabled={busy}>
              {busy ? 'Saving...' : 'Save Auto-Reload'}
            </button>
          </div>
        </div>
      )}
      <DashError>{error}</DashError>
    </form>
  );
}
