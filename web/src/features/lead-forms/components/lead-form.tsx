import { URGENCIES, ZIP_CODE_LENGTH, type Urgency } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { Alert } from '../../../components/ui/alert';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { categoryLabel, useIndustries, useSubServiceChoices } from '../../../components/ui/service-catalogue';
import { submitLead, type LeadSubmission, type LeadSubmitAnswer, type ValidationSummary } from '../api/submit-lead';

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
  /** Called after a successful submit instead of showing the inline success (the plumbing page navigates). */
  onSubmitted?: (answer: LeadSubmitAnswer, sent: LeadSubmission) => void;
  submitLabel?: string;
}

interface Values {
  customer_name: string;
  phone: string;
  zip_code: string;
  service_category: string;
  sub_service: string;
  description: string;
  email: string;
  urgency: Urgency;
  contractor_id: string;
}

type Phase =
  | { kind: 'editing'; error?: string }
  | { kind: 'submitting' }
  | { kind: 'success'; message: string }
  | { kind: 'screened'; message: string; status: string; summary: ValidationSummary | null };

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
  const [values, setValues] = useState<Values>(initial);
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const industries = useIndustries();
  const subServices = useSubServiceChoices(fixedSubService ? '' : values.service_category, values.sub_service, () =>
    setValues((v) => ({ ...v, sub_service: '' })),
  );

  const set = (key: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const changeCategory = (e: { target: { value: string } }) =>
    // A sub-service belongs to its category: a new category clears it.
    setValues((v) => ({ ...v, service_category: e.target.value, sub_service: '' }));

  function reset() {
    setValues(initial);
    setPhase({ kind: 'editing' });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const t = (s: string) => s.trim();
    const required = [
      values.customer_name,
      values.phone,
      values.zip_code,
      values.service_category,
      values.sub_service,
      values.description,
    ];
    if (required.some((v) => t(v) === '')) {
      setPhase({ kind: 'editing', error: MESSAGES.contractor.requiredFields });
      return;
    }
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
    setPhase({ kind: 'submitting' });
    try {
      const answer = await submitLead(sent);
      if (validated && answer.status !== 'valid') {
        // Not (yet) accepted: keep what the customer typed and show why.
        setPhase({
          kind: 'screened',
          message: answer.message ?? answer.detail ?? fallbackError,
          status: answer.status ?? 'pending',
          summary: answer.validation_summary ?? null,
        });
        return;
      }
      if (onSubmitted) {
        onSubmitted(answer, sent);
        return;
      }
      setValues(initial);
      setPhase({ kind: 'success', message: MESSAGES.leadSubmit.success });
    } catch (error) {
      setPhase({
        kind: 'editing',
        error: error instanceof ApiError && error.status !== 0 ? error.messageOr(fallbackError) : fallbackError,
      });
    }
  }

  if (phase.kind === 'success') {
    return (
      <div className="lead-form-done card">
        <Alert kind="success">{phase.message}</Alert>
        <button type="button" className="button" onClick={reset}>
          Submit Another
        </button>
      </div>
    );
  }

  const busy = phase.kind === 'submitting';
  return (
    <form className="form card lead-form" onSubmit={submit} noValidate aria-label="Service request">
      {phase.kind === 'editing' && phase.error ? <Alert kind="error">{phase.error}</Alert> : null}
      {phase.kind === 'screened' ? (
        <div role="alert" className={`alert ${phase.status === 'rejected' ? 'alert-error' : 'alert-info'}`}>
          <p className="alert-title">{phase.message}</p>
          {phase.summary ? <ValidationSummaryList summary={phase.summary} /> : null}
        </div>
      ) : null}
      <TextField
        label="Full Name"
        name="customer_name"
        required
        autoComplete="name"
        value={values.customer_name}
        onChange={set('customer_name')}
      />
      <div className="form-grid">
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          required
          autoComplete="tel"
          value={values.phone}
          onChange={set('phone')}
        />
        <TextField
          label="ZIP Code"
          name="zip_code"
          required
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={ZIP_CODE_LENGTH}
          value={values.zip_code}
          onChange={set('zip_code')}
        />
      </div>
      {rich ? (
        <TextField
          label="Email (optional)"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
        />
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
          name="service_category"
          required
          placeholder="Select a category"
          options={industries}
          value={values.service_category}
          onChange={changeCategory}
        />
      )}
      {fixedSubService ? null : (
        <SelectField
          label="Sub-Service"
          name="sub_service"
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
          value={values.sub_service}
          onChange={set('sub_service')}
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
        name="description"
        required
        value={values.description}
        onChange={set('description')}
      />
      {rich ? (
        <TextField
          label="Contractor ID (optional)"
          name="contractor_id"
          value={values.contractor_id}
          onChange={set('contractor_id')}
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
