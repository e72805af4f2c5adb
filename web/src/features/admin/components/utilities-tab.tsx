import { useState, type FormEvent } from 'react';
import { ADMIN_BANNER_LONG_MS, ADMIN_BANNER_SHORT_MS, TEST_LEAD_CATEGORIES } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import type { AdminApi } from '../api/admin-api';
import type { TestLeadForm } from '../api/types';
import { missingTestLeadFields } from '../utils/validation';
import { Field, TextField } from './field';
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

/** Admin Utilities (§2 tab 6): Create Test Lead, which goes through the real lead pipeline marked as a test lead. */
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
  const [busy, setBusy] = useState(false);
  // The value and change handler of one form field.
  const bind = (field: keyof TestLeadForm) => ({
    value: form[field],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (missingTestLeadFields(form)) {
      notify.error(MESSAGES.admin.requiredFields, ADMIN_BANNER_SHORT_MS);
      return;
    }
    setBusy(true);
    try {
      const created = await api.createTestLead({
        ...form,
        customer_name: form.customer_name.trim(),
        phone: form.phone.trim(),
        zip_code: form.zip_code.trim(),
      });
      onCreated();
      // Screening's answer, not a blanket success: a rejected test lead says what to fix and keeps the form.
      if (created.status === 'rejected') {
        notify.error(created.message ?? MESSAGES.admin.createLeadFailed, ADMIN_BANNER_LONG_MS);
        return;
      }
      notify.success(
        created.status === 'pending' ? MESSAGES.leadSubmit.pending : MESSAGES.adminSuccess.testLeadCreated,
        ADMIN_BANNER_SHORT_MS,
      );
      setForm(EMPTY);
    } catch (error) {
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
      <form className="admin-card admin-form" onSubmit={submit} aria-labelledby="test-lead-title" noValidate>
        <h2 id="test-lead-title">Create Test Lead</h2>
        <div className="admin-form__grid">
          <TextField id="test-customer-name" label="Customer Name *" {...bind('customer_name')} aria-required="true" />
          <TextField id="test-phone" label="Phone *" type="tel" {...bind('phone')} aria-required="true" />
          <TextField id="test-email" label="Email" type="email" {...bind('email')} />
          <Field id="test-category" label="Service Category *">
            <select id="test-category" {...bind('service_category')} aria-required="true">
              <option value="">Select a category</option>
              {TEST_LEAD_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </Field>
          <TextField id="test-sub-service" label="Sub Service" {...bind('sub_service')} />
          <TextField id="test-zip" label="ZIP Code *" inputMode="numeric" {...bind('zip_code')} aria-required="true" />
          <Field id="test-description" label="Description" className="admin-field--wide">
            <textarea id="test-description" rows={3} {...bind('description')} />
          </Field>
        </div>
        <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
          {busy ? 'Creating...' : 'Create Lead'}
        </button>
      </form>
      <SiteMessagesSection api={api} refreshKey={refreshKey} />
    </div>
  );
}
