import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  AUTO_RELOAD_AMOUNT_RANGE,
  AUTO_RELOAD_DEFAULTS,
  AUTO_RELOAD_THRESHOLD_RANGE,
} from '@leadmarket/contracts/constants';
import { actions, errorText, type Session } from '../api/dashboard-api';
import type { AutoReloadSettings } from '../api/types';

const FAILED = 'Failed to update auto-reload settings';

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
  const ids = { enabled: useId(), threshold: useId(), amount: useId() };
  const current: AutoReloadSettings = settings ?? {
    auto_reload_enabled: AUTO_RELOAD_DEFAULTS.enabled,
    auto_reload_threshold: AUTO_RELOAD_DEFAULTS.thresholdDollars,
    auto_reload_amount: AUTO_RELOAD_DEFAULTS.amountDollars,
  };
  const [enabled, setEnabled] = useState(current.auto_reload_enabled);
  const [threshold, setThreshold] = useState(String(current.auto_reload_threshold));
  const [amount, setAmount] = useState(String(current.auto_reload_amount));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Follow the server's values when they arrive or change elsewhere.
  useEffect(() => {
    setEnabled(current.auto_reload_enabled);
    setThreshold(String(current.auto_reload_threshold));
    setAmount(String(current.auto_reload_amount));
  }, [current.auto_reload_enabled, current.auto_reload_threshold, current.auto_reload_amount]);

  async function save(changed: Partial<AutoReloadSettings>) {
    setBusy(true);
    setError(null);
    try {
      await actions.updateAutoReload(session, changed);
      onSaved('Auto-reload settings saved');
      return true;
    } catch (caught) {
      setError(errorText(caught, FAILED));
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
    if (!Number.isFinite(t) || t < AUTO_RELOAD_THRESHOLD_RANGE.min || t > AUTO_RELOAD_THRESHOLD_RANGE.max) {
      setError(`Threshold must be between $${AUTO_RELOAD_THRESHOLD_RANGE.min} and $${AUTO_RELOAD_THRESHOLD_RANGE.max}`);
      return;
    }
    if (!Number.isFinite(a) || a < AUTO_RELOAD_AMOUNT_RANGE.min || a > AUTO_RELOAD_AMOUNT_RANGE.max) {
      setError(`Reload amount must be between $${AUTO_RELOAD_AMOUNT_RANGE.min} and $${AUTO_RELOAD_AMOUNT_RANGE.max}`);
      return;
    }
    // Only the settings that changed are sent (§7).
    const changed: Partial<AutoReloadSettings> = {};
    if (t !== current.auto_reload_threshold) changed.auto_reload_threshold = t;
    if (a !== current.auto_reload_amount) changed.auto_reload_amount = a;
    if (Object.keys(changed).length > 0) await save(changed);
  }

  return (
    <form className="dash-card" onSubmit={submit} noValidate>
      <h3>Auto-Reload</h3>
      <div className="dash-checkbox">
        <input
          id={ids.enabled}
          type="checkbox"
          checked={enabled}
          disabled={busy}
          onChange={(e) => toggle(e.target.checked)}
        />
        <label htmlFor={ids.enabled}>Automatically reload my wallet when the balance runs low</label>
      </div>
      {enabled && (
        <div className="dash-grid-2">
          <div className="dash-field">
            <label htmlFor={ids.threshold}>Reload when balance falls below ($)</label>
            <input
              id={ids.threshold}
              type="number"
              min={AUTO_RELOAD_THRESHOLD_RANGE.min}
              max={AUTO_RELOAD_THRESHOLD_RANGE.max}
              step="1"
              value={threshold}
              onChange={(e) => setThreshold(e.target.value)}
            />
          </div>
          <div className="dash-field">
            <label htmlFor={ids.amount}>Reload amount ($)</label>
            <input
              id={ids.amount}
              type="number"
              min={AUTO_RELOAD_AMOUNT_RANGE.min}
              max={AUTO_RELOAD_AMOUNT_RANGE.max}
              step="1"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </div>
          <div className="dash-field--full">
            <button type="submit" className="dash-btn dash-btn--primary" disabled={busy}>
              {busy ? 'Saving...' : 'Save Auto-Reload'}
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="dash-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
