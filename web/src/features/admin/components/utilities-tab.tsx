import { useState, type FormEvent } from 'react';
import { ADMIN_BANNER_SHORT_MS, TEST_LEAD_CATEGORIES } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import type { AdminApi } from '../api/admin-api';
import type { TestLeadForm } from '../api/types';
import { missingTestLeadFields } from '../utils/validation';
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
  const set = (field: keyof TestLeadForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (missingTestLeadFields(form)) {
      notify.error(MESSAGES.admin.requiredFields, ADMIN_BANNER_SHORT_MS);
      return;
    }
    setBusy(true);
    try {
      await api.createTestLead({
        ...form,
        customer_name: form.customer_name.trim(),
        phone: form.phone.trim(),
        zip_code: form.zip_code.trim(),
      });
      notify.success(MESSAGES.adminSuccess.testLeadCreated, ADMIN_BANNER_SHORT_MS);
      setForm(EMPTY);
      onCreated();
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
          <div className="admin-field">
            <label htmlFor="test-customer-name">Customer Name *</label>
            <input
              id="test-customer-name"
              value={form.customer_name}
              onChange={set('customer_name')}
              aria-required="true"
            />
          </div>
          <div className="admin-field">
            <label htmlFor="test-phone">Phone *</label>
            <input id="test-phone" type="tel" value={form.phone} onChange={set('phone')} aria-required="true" />
          </div>
          <div className="admin-field">
            <label htmlFor="test-email">Email</label>
            <input id="test-email" type="email" value={form.email} onChange={set('email')} />
          </div>
          <div className="admin-field">
            <label htmlFor="test-category">Service Category *</label>
            <select
              id="test-category"
              value={form.service_category}
              onChange={set('service_category')}
              aria-required="true"
            >
              <option value="">Select a category</option>
              {TEST_LEAD_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor="test-sub-service">Sub Service</label>
            <input id="test-sub-service" value={form.sub_service} onChange={set('sub_service')} />
          </div>
          <div className="admin-field">
            <label htmlFor="test-zip">ZIP Code *</label>
            <input
              id="test-zip"
              inputMode="numeric"
              value={form.zip_code}
              onChange={set('zip_code')}
              aria-required="true"
            />
          </div>
          <div className="admin-field admin-field--wide">
            <label htmlFor="test-description">Description</label>
            <textarea id="test-description" rows={3} value={form.description} onChange={set('description')} />
          </div>
        </div>
        <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
          {busy ? 'Creating...' : 'Create Lead'}
        </button>
      </form>
      <SiteMessagesSection api={api} refreshKey={refreshKey} />
    </div>
  );
}
