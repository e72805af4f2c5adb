import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { SpendCapsAnswer } from '@leadmarket/contracts';
import { focusFirstInvalid, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { errorText, type Session } from '../api/client';
import { updateSpendCaps, useSpendCaps } from '../api/spend-caps';
import { dateTimeInWords, money } from '../domain/rules';
import { DashError } from './dash-error';

const FAILED = 'Your spend caps could not be saved. Try again in a moment.';

const FIELDS = [
  { name: 'daily_cap', label: 'Daily spend cap ($)', help: 'Resets at midnight UTC. Empty = no cap.', money: true },
  {
    name: 'weekly_cap',
    label: 'Weekly spend cap ($)',
    help: 'Resets Monday at midnight UTC. Empty = no cap.',
    money: true,
  },
  {
    name: 'max_lead_price',
    label: 'Maximum price per lead ($)',
    help: 'Leads above it are not texted to you and cannot be bought; Available marks them.',
    money: true,
  },
  { name: 'auto_reload_max_per_day', label: 'Auto-reloads per day (at most)', help: 'Empty = no limit.', money: false },
  {
    name: 'auto_reload_max_per_month',
    label: 'Auto-reloads per month (at most)',
    help: 'Empty = no limit.',
    money: false,
  },
] as const;
type FieldName = (typeof FIELDS)[number]['name'];
type Values = Record<FieldName, string>;

const valuesOf = (caps: SpendCapsAnswer | undefined): Values => ({
  daily_cap: caps?.daily_cap == null ? '' : caps.daily_cap.toFixed(2),
  weekly_cap: caps?.weekly_cap == null ? '' : caps.weekly_cap.toFixed(2),
  max_lead_price: caps?.max_lead_price == null ? '' : caps.max_lead_price.toFixed(2),
  auto_reload_max_per_day: caps?.auto_reload_max_per_day == null ? '' : String(caps.auto_reload_max_per_day),
  auto_reload_max_per_month: caps?.auto_reload_max_per_month == null ? '' : String(caps.auto_reload_max_per_month),
});

/**
 * Hard spend caps: a purchase that would pass one is refused by the server, and
 * matching stops offering leads that would. The server checks every field and answers each problem
 * beside its field (field_errors); this form only shows them.
 */
export function SpendCapsForm({ session, onSaved }: { session: Session; onSaved: (message: string) => void }) {
  const { data, error: loadError, isLoading, mutate } = useSpendCaps(session);
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(valuesOf(undefined));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failedSubmits, setFailedSubmits] = useState(0);

  const serverValues = JSON.stringify(valuesOf(data));
  useEffect(() => {
    setValues(JSON.parse(serverValues) as Values);
  }, [serverValues]);
  useEffect(() => {
    if (failedSubmits > 0) focusFirstInvalid(formRef.current);
  }, [failedSubmits]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const saved = await updateSpendCaps(session, values);
      await mutate(saved, { revalidate: false });
      onSaved(saved.message ?? 'Spend caps saved');
    } catch (caught) {
      const body = caught instanceof ApiError ? (caught.body as { field_errors?: Record<string, string> }) : undefined;
      if (body?.field_errors) {
        setFieldErrors(body.field_errors as Partial<Record<FieldName, string>>);
        setFailedSubmits((n) => n + 1);
      } else setError(errorText(caught, FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="dash-card" onSubmit={submit} noValidate aria-labelledby="spend-caps-title">
      <h3 id="spend-caps-title">Spend caps</h3>
      <p className="dash-hint">
        Hard limits: a purchase that would pass a cap is refused, and leads you could not buy are not texted to you.
      </p>
      {isLoading && !data && (
        <p className="dash-hint" role="status">
          Loading your caps…
        </p>
      )}
      <DashError>{loadError && !data ? errorText(loadError, 'Your spend caps could not be loaded.') : null}</DashError>
      {data && (
        <p className="dash-spend-usage" data-testid="spend-usage">
          Spent today: <strong>{money(data.spent_today)}</strong>
          {data.daily_cap != null ? ` of ${money(data.daily_cap)}` : ''} (resets {dateTimeInWords(data.day_resets_at)}).
          This week: <strong>{money(data.spent_this_week)}</strong>
          {data.weekly_cap != null ? ` of ${money(data.weekly_cap)}` : ''} (resets{' '}
          {dateTimeInWords(data.week_resets_at)}).
        </p>
      )}
      <div className="dash-grid-2">
        {FIELDS.map((f) => (
          <TextField
            key={f.name}
            name={f.name}
            label={f.label}
            type="text"
            inputMode={f.money ? 'decimal' : 'numeric'}
            value={values[f.name]}
            help={f.help}
            error={fieldErrors[f.name] ?? null}
            onChange={(e) => {
              const next = e.target.value;
              setValues((v) => ({ ...v, [f.name]: next }));
              setFieldErrors((c) => ({ ...c, [f.name]: undefined }));
            }}
          />
        ))}
      </div>
      <DashError>{error}</DashError>
      <button type="submit" className="dash-btn dash-btn--primary" disabled={busy || !data}>
        {busy ? 'Saving...' : 'Save spend caps'}
      </button>
    </form>
  );
}
