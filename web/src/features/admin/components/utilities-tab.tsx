import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { ADMIN_BANNER_LONG_MS, ADMIN_BANNER_SHORT_MS } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { PRICED_CATALOGUE } from '@leadmarket/contracts/pricing';
import { focusFirstInvalid, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import type { AdminApi, TestLeadResult } from '../api/admin-api';
import type { TestLeadForm } from '../api/types';
import { reportFailure, type Notify } from './notify';
import { SiteMessagesSection } from './site-messages-section';

const EMPTY: TestLeadForm = {
  customer_name: '',
  phone: '',
  email: '',
  service_category: '',
  sub_service: '',
  zip_code: '',
  description: '',
};
const REQUIRED: Array<keyof TestLeadForm> = ['customer_name', 'phone', 'service_category', 'zip_code'];
const VERDICT_TITLES: Record<string, string> = {
  valid: 'Accepted by screening: it will be offered to matching contractors',
  rejected: 'Rejected by screening: it will not be offered',
  pending: 'Screening has not answered yet',
};

/**
 * Admin Utilities (§2 tab 6): Create Test Lead goes through the real lead pipeline, marked as a
 * test lead, with the catalogue's categories (so it is priced and matched like a customer's), and
 * reports what screening decided and why.
 */
export function UtilitiesTab({
  api,
  notify,
  onCreated,
  refreshKey,
}: {
  api: AdminApi;
  notify: Notify;
  onCreated: () => void;
  refreshKey: number;
}) {
  const [form, setForm] = useState<TestLeadForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof TestLeadForm, string>>>({});
  const [busy, setBusy] = useState(false);
  const [verdict, setVerdict] = useState<(TestLeadResult & { customer: string }) | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const trades = PRICED_CATALOGUE.find((i) => i.value === form.service_category)?.sub_services ?? [];
  // The value, change handler and error of one form field.
  const bind = (field: keyof TestLeadForm) => ({
    value: form[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({
        ...f,
        [field]: e.target.value,
        ...(field === 'service_category' ? { sub_service: '' } : {}),
      }));
      setErrors((er) => ({ ...er, [field]: undefined }));
    },
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = REQUIRED.filter((k) => !form[k].trim());
    if (missing.length) {
      flushSync(() => setErrors(Object.fromEntries(missing.map((k) => [k, 'This field is required']))));
      notify.error(MESSAGES.admin.requiredFields, ADMIN_BANNER_SHORT_MS);
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const result = await api.createTestLead({
        ...form,
        customer_name: form.customer_name.trim(),
        phone: form.phone.trim(),
        zip_code: form.zip_code.trim(),
      });
      setVerdict({ ...result, customer: form.customer_name.trim() });
      const message = result?.message ?? MESSAGES.adminSuccess.testLeadCreated;
      // Success only when screening let the lead through; a rejection is said as plainly.
      if (result?.status === 'rejected') notify.error(message, ADMIN_BANNER_LONG_MS);
      else notify.success(message, ADMIN_BANNER_SHORT_MS);
      setForm(EMPTY);
      setErrors({});
      onCreated();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.serverMessage) {
        const field = (error.body as { field?: string } | undefined)?.field as keyof TestLeadForm | undefined;
        if (field && field in EMPTY) flushSync(() => setErrors({ [field]: error.serverMessage }));
        focusFirstInvalid(formRef.current);
      }
      reportFailure(
        notify,
        error,
        MESSAGES.admin.createLeadFailed,
        MESSAGES.admin.createLeadError,
        ADMIN_BANNER_SHORT_MS,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-tab-stack">
      <form
        ref={formRef}
        className="admin-card admin-form"
        onSubmit={submit}
        aria-labelledby="test-lead-title"
        noValidate
      >
        <h2 id="test-lead-title">Create Test Lead</h2>
        <div className="admin-form__grid">
          <TextField id="test-customer-name" label="Customer Name *" {...bind('customer_name')} aria-required="true" />
          <TextField id="test-phone" label="Phone *" type="tel" {...bind('phone')} aria-required="true" />
          <TextField id="test-email" label="Email" type="email" {...bind('email')} />
          <SelectField
            id="test-category"
            label="Service Category *"
            placeholder="Select a category"
            options={PRICED_CATALOGUE}
            {...bind('service_category')}
            aria-required="true"
          />
          <SelectField
            id="test-sub-service"
            label="Sub Service"
            placeholder={form.service_category ? 'Select a sub-service' : 'Choose a category first'}
            options={trades}
            disabled={!form.service_category}
            {...bind('sub_service')}
          />
          <TextField id="test-zip" label="ZIP Code *" inputMode="numeric" {...bind('zip_code')} aria-required="true" />
          <div className="admin-field--wide">
            <TextAreaField id="test-description" label="Description" rows={3} {...bind('description')} />
          </div>
        </div>
        <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
          {busy ? 'Creating...' : 'Create Lead'}
        </button>
        {verdict && (
          <div className={`admin-verdict admin-verdict--${verdict.status ?? 'pending'}`} role="status">
            <strong>
              Test lead for {verdict.customer}: {VERDICT_TITLES[verdict.status ?? 'pending'] ?? verdict.status}
            </strong>
            {verdict.reasons && verdict.reasons.length > 0 && (
              <ul>
                {verdict.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </form>
      <SiteMessagesSection api={api} refreshKey={refreshKey} />
    </div>
  );
}
