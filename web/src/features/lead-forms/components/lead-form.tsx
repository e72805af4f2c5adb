import { URGENCIES, ZIP_CODE_LENGTH } from '@leadmarket/contracts/constants';
import { LEAD_FIELD_LIMITS } from '@leadmarket/contracts/field-messages';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { Alert } from '../../../components/ui/alert';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { useForm } from '../../../components/ui/use-form';
import { categoryLabel, useIndustries, useSubServiceChoices } from '../../../lib/service-catalogue';
import {
  submitLead,
  type LeadProblem,
  type LeadSubmission,
  type LeadSubmitAnswer,
  type ValidationSummary,
} from '../api/submit-lead';
import { useSubmitVerdict, type AwaitedRequest } from '../api/submit-verdict';
import { ConfirmPhone } from './confirm-phone';
import { checkLead, newIdempotencyKey, type LeadErrors, type LeadField, type LeadValues } from '../domain/lead-checks';

/** How a page configures the shared lead form. */
export interface LeadFormProps {
  /** A fixed industry (industry pages): the category cannot be changed. */
  fixedCategory?: string;
  /** A fixed sub-service too (the HVAC page). */
  fixedSubService?: { value: string; label: string };
  /** Starting values that the customer may still change (the plumbing page). */
  defaults?: { service_category?: string; sub_service?: string };
  /** The richer form: optional email, urgency radio, optional contractor_id. */
  rich?: boolean;
  /** The validated variant: clear only when screening says valid, else show the validation summary. */
  validated?: boolean;
  /** Text when the server gives none (spec §8: differs on the plumbing page). */
  fallbackError?: string;
  /**
   * Called when the request is accepted, straight from leads-submit or later from the pending poll,
   * instead of showing the inline success (the plumbing page navigates). A pending request waits
   * here, so a refusal can still show what to fix beside the typed values.
   */
  onSubmitted?: (answer: LeadSubmitAnswer, sent: LeadSubmission) => void;
  submitLabel?: string;
}

type Values = LeadValues;

/** What the form shows above its fields: a failure, screening's refusal (what to fix), or "we are checking it". */
type Banner =
  | { kind: 'error'; message: string }
  | { kind: 'rejected'; problems: LeadProblem[]; summary: ValidationSummary | null }
  | { kind: 'pending'; message: string };

type Phase =
  | { kind: 'editing'; banner?: Banner }
  | { kind: 'submitting' }
  /** `leadId`: an accepted request, whose phone the customer is asked to confirm. */
  | { kind: 'done'; message: string; pending: boolean; leadId?: string; idempotencyKey?: string };

const FIELDS: readonly LeadField[] = [
  'customer_name',
  'phone',
  'zip_code',
  'service_category',
  'sub_service',
  'description',
  'email',
  'urgency',
  'contractor_id',
];
const digitsOnly = (typed: string) => typed.replace(/\D/g, '').slice(0, ZIP_CODE_LENGTH);
const isLeadField = (field: unknown): field is LeadField =>
  typeof field === 'string' && (FIELDS as readonly string[]).includes(field);

/** Every check passed but the duplicate one: the heading must not ask for a fix and a resend. */
const onlyDuplicate = (s: ValidationSummary | null) =>
  Boolean(s?.is_duplicate && s.phone_valid && s.email_valid && s.content_valid && s.ip_rate_ok !== false);

const SUMMARY_ROWS: Array<[keyof ValidationSummary, string, boolean]> = [
  ['phone_valid', 'Phone number', true],
  ['email_valid', 'Email address', true],
  ['content_valid', 'Request details', true],
  ['is_duplicate', 'Not a duplicate request', false],
];

/** The validation summary of a screened lead, each check as passed or failed. */
export function ValidationSummaryList({ summary }: { summary: ValidationSummary }) {
  return (
    <ul className="validation-summary" aria-label="Validation summary">
      {SUMMARY_ROWS.map(([key, label, goodWhen]) => {
        const ok = summary[key] === goodWhen;
        return (
          <li key={key} className={ok ? 'check-ok' : 'check-bad'}>
            <span aria-hidden="true">{ok ? '✓' : '✗'}</span> {label}: {ok ? 'passed' : 'failed'}
          </li>
        );
      })}
    </ul>
  );
}

/** The customer's service request form used by /lead-intake, the industry pages and /services/plumbing. */
/**
 * The phone rule is libphonenumber's metadata, about as heavy as the rest of the page: it is fetched
 * when the form is first sent, not with the page. Should it fail to load, the page lets the number
 * through and the server, which applies the same rule, says what is wrong beside the field.
 */
const phoneRule = (): Promise<(raw: string) => boolean> =>
  import('@leadmarket/contracts/phone').then(
    (rule) => rule.isPhoneNumber,
    () => () => true,
  );

export function LeadForm({
  fixedCategory,
  fixedSubService,
  defaults,
  rich = false,
  validated = false,
  fallbackError = MESSAGES.leadSubmit.fallback,
  onSubmitted,
  submitLabel = 'Submit Request',
}: LeadFormProps) {
  const initial: Values = {
    customer_name: '',
    phone: '',
    zip_code: '',
    service_category: fixedCategory ?? defaults?.service_category ?? '',
    sub_service: fixedSubService?.value ?? defaults?.sub_service ?? '',
    description: '',
    email: '',
    urgency: 'Standard',
    contractor_id: '',
  };
  const location = useLocation();
  const fields = useForm(initial, FIELDS);
  const { values, setValues } = fields;
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  // One key per filled-in form: the same request sent again (a retry) carries the same key.
  const keyRef = useRef<{ key: string; body: string } | null>(null);
  // What was sent, for `onSubmitted` when a pending request is accepted later.
  const sentRef = useRef<LeadSubmission | null>(null);
  // A "pending" request: its verdict replaces the pending text when screening decides.
  const [awaited, setAwaited] = useState<AwaitedRequest | null>(null);
  useSubmitVerdict(awaited, (answer) => {
    setAwaited(null);
    settle(answer);
  });
  const industries = useIndustries();
  const subServices = useSubServiceChoices(fixedSubService ? '' : values.service_category, values.sub_service, () =>
    setValues((v) => ({ ...v, sub_service: '' })),
  );

  const changeCategory = (e: { target: { value: string } }) => {
    // A sub-service belongs to its category: a new category clears it.
    fields.set('service_category', e.target.value);
    setValues((v) => ({ ...v, sub_service: '' }));
  };

  function reset() {
    setValues(initial);
    fields.clear();
    keyRef.current = null;
    setAwaited(null);
    setPhase({ kind: 'editing' });
  }

  function fail(next: LeadErrors, banner?: Banner) {
    fields.fail(next);
    setPhase({ kind: 'editing', banner });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = checkLead(values, rich, await phoneRule());
    if (Object.keys(found).length) return fail(found);
    const t = (s: string) => s.trim();
    const sent: LeadSubmission = {
      customer_name: t(values.customer_name),
      phone: t(values.phone),
      zip_code: t(values.zip_code),
      service_category: values.service_category,
      sub_service: values.sub_service,
      description: t(values.description),
    };
    if (rich) {
      sent.urgency = values.urgency;
      if (t(values.email)) sent.email = t(values.email);
      if (t(values.contractor_id)) sent.contractor_id = t(values.contractor_id);
    }
    const body = JSON.stringify(sent);
    if (keyRef.current?.body !== body) keyRef.current = { key: newIdempotencyKey(), body };
    fields.clear();
    setAwaited(null);
    setPhase({ kind: 'submitting' });
    let answer: LeadSubmitAnswer;
    try {
      answer = await submitLead({ ...sent, idempotency_key: keyRef.current.key });
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0) {
        const field = (error.body as { field?: unknown } | undefined)?.field;
        const message = error.messageOr(fallbackError);
        if (error.status === 400 && isLeadField(field)) return fail({ [field]: message });
        return fail({}, { kind: 'error', message });
      }
      return fail({}, { kind: 'error', message: fallbackError });
    }
    // The key goes with what was sent: the thank-you may change the request's number with it.
    sentRef.current = { ...sent, idempotency_key: keyRef.current.key };
    if (answer.status === 'pending') setAwaited({ lead_id: answer.lead_id, idempotency_key: keyRef.current.key });
    settle(answer);
  }

  /** Show screening's answer, straight from leads-submit or later from the pending poll. */
  function settle(answer: LeadSubmitAnswer) {
    if (answer.status === 'rejected') {
      // Screening refused it: keep what the customer typed, say what to fix beside each field.
      const problems: LeadProblem[] = answer.problems.length
        ? answer.problems
        : [{ field: null, message: answer.message || fallbackError }];
      const fieldErrors: LeadErrors = {};
      for (const p of problems) if (p.field && isLeadField(p.field)) fieldErrors[p.field] ??= p.message;
      return fail(fieldErrors, { kind: 'rejected', problems, summary: answer.validation_summary ?? null });
    }
    if (answer.status === 'pending') {
      // Keep what was typed until the verdict: a refusal shows it again with what to fix. The
      // validated variant keeps the form on screen and says we are checking it.
      const message = MESSAGES.leadSubmit.pending;
      setPhase(
        validated
          ? { kind: 'editing', banner: { kind: 'pending', message } }
          : { kind: 'done', message, pending: true },
      );
      return;
    }
    if (onSubmitted && sentRef.current) return onSubmitted(answer, sentRef.current);
    const idempotencyKey = sentRef.current?.idempotency_key;
    setValues(initial);
    keyRef.current = null;
    setPhase({
      kind: 'done',
      message: MESSAGES.leadSubmit.success,
      pending: false,
      leadId: answer.lead_id,
      idempotencyKey,
    });
  }

  if (phase.kind === 'done') {
    return (
      <div className="lead-form-done card">
        <Alert kind={phase.pending ? 'info' : 'success'}>{phase.message}</Alert>
        {phase.leadId ? (
          <ConfirmPhone
            leadId={phase.leadId}
            requestAgainTo={location.pathname}
            idempotencyKey={phase.idempotencyKey}
          />
        ) : null}
        <button type="button" className="button" onClick={reset}>
          Submit Another
        </button>
      </div>
    );
  }

  const busy = phase.kind === 'submitting';
  const banner = phase.kind === 'editing' ? phase.banner : undefined;
  return (
    <form
      ref={fields.formRef}
      className="form card lead-form"
      onSubmit={submit}
      noValidate
      aria-label="Service request"
    >
      {banner ? (
        <div
          ref={fields.summaryRef}
          tabIndex={-1}
          role={banner.kind === 'pending' ? 'status' : 'alert'}
          className={`alert ${banner.kind === 'pending' ? 'alert-info' : 'alert-error'}`}
        >
          {banner.kind === 'rejected' ? (
            <>
              <p className="alert-title">
                {onlyDuplicate(banner.summary) ? MESSAGES.leadSubmit.duplicate : MESSAGES.leadSubmit.rejected}
              </p>
              <ul className="problem-list">
                {banner.problems.map((p) => (
                  <li key={p.message}>{p.message}.</li>
                ))}
              </ul>
              {validated && banner.summary ? <ValidationSummaryList summary={banner.summary} /> : null}
            </>
          ) : (
            <p className="alert-title">{banner.message}</p>
          )}
        </div>
      ) : null}
      <TextField label="Full Name" required autoComplete="name" {...fields.field('customer_name')} />
      <div className="form-grid">
        <TextField label="Phone" type="tel" required autoComplete="tel" {...fields.field('phone')} />
        <TextField
          label="ZIP Code"
          required
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={ZIP_CODE_LENGTH}
          pattern="[0-9]*"
          // Digits only: a ZIP code has nothing else, and the server accepts nothing else.
          {...fields.field('zip_code', digitsOnly)}
        />
      </div>
      {rich ? (
        <TextField label="Email (optional)" type="email" autoComplete="email" {...fields.field('email')} />
      ) : null}
      {fixedCategory ? (
        <p className="fixed-choice">
          <strong>Service Category:</strong> {categoryLabel(fixedCategory)}
          {fixedSubService ? (
            <>
              <br />
              <strong>Service:</strong> {fixedSubService.label}
            </>
          ) : null}
        </p>
      ) : (
        <SelectField
          label="Service Category"
          required
          placeholder="Select a category"
          options={industries}
          {...fields.field('service_category')}
          onChange={changeCategory}
        />
      )}
      {fixedSubService ? null : (
        <SelectField
          label="Sub-Service"
          required
          placeholder={
            subServices.loading
              ? 'Loading...'
              : values.service_category
                ? 'Select a service'
                : 'Choose a category first'
          }
          options={subServices.options}
          disabled={!values.service_category || subServices.loading}
          {...fields.field('sub_service')}
          help={subServices.failed ? MESSAGES.contractor.subServicesFailed : undefined}
        />
      )}
      {rich ? (
        <fieldset className="radio-group">
          <legend>Urgency</legend>
          {URGENCIES.map((u) => (
            <label key={u}>
              <input
                type="radio"
                name="urgency"
                value={u}
                checked={values.urgency === u}
                onChange={() => setValues((v) => ({ ...v, urgency: u }))}
              />
              {u}
            </label>
          ))}
        </fieldset>
      ) : null}
      <TextAreaField
        label="Describe What You Need"
        required
        {...fields.field('description')}
        maxLength={LEAD_FIELD_LIMITS.description}
        help={
          <span aria-live="polite">
            {values.description.length.toLocaleString('en-US')} /{' '}
            {LEAD_FIELD_LIMITS.description.toLocaleString('en-US')} characters
          </span>
        }
      />
      {rich ? (
        <TextField
          label="Contractor ID (optional)"
          {...fields.field('contractor_id')}
          help="Only if a contractor gave you their ID."
        />
      ) : null}
      <p className="field-help">
        By submitting you agree to be contacted by one matched professional (see our{' '}
        <Link to="/tcpa-notice">TCPA Notice</Link>).
      </p>
      <button type="submit" className="button button-accent" disabled={busy}>
        {busy ? 'Submitting...' : submitLabel}
      </button>
    </form>
  );
}
