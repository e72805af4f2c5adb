import { useEffect, useId, useState, type FormEvent } from 'react';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { actions, errorText, loadIndustries, loadSubServices, type Session } from '../api/dashboard-api';
import type { Contractor, Option } from '../api/types';
import { parseZipCodes, validateProfile, type ProfileForm } from '../domain/validation';
import { Dialog } from './dialog';

const M = MESSAGES.contractor;

function formOf(contractor: Contractor): ProfileForm {
  return {
    business_name: contractor.business_name ?? '',
    contact_name: contractor.contact_name ?? '',
    email: contractor.email ?? '',
    phone: contractor.phone ?? '',
    industry: contractor.industry ?? '',
    sub_service: contractor.sub_service ?? '',
    zip_codes: (contractor.zip_codes ?? []).join(', '),
    sms_opt_in: contractor.sms_opt_in ?? true,
  };
}

/** Edit Profile (§2, §4): refilled from the record on each open, dependent sub-service list, §5 checks in order. */
export function EditProfileDialog({
  contractor,
  session,
  onClose,
  onSaved,
}: {
  contractor: Contractor;
  session: Session | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const ids = {
    business: useId(),
    contact: useId(),
    email: useId(),
    phone: useId(),
    industry: useId(),
    sub: useId(),
    zips: useId(),
    zipsHint: useId(),
    sms: useId(),
  };
  // The dialog mounts on each open, so the form starts from the record and the error starts empty.
  const [form, setForm] = useState<ProfileForm>(() => formOf(contractor));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [industries, setIndustries] = useState<Option[]>([]);
  const [subServices, setSubServices] = useState<Option[]>([]);
  const [loadingSubs, setLoadingSubs] = useState(false);

  useEffect(() => {
    let live = true;
    loadIndustries()
      .then((list) => live && setIndustries(list))
      .catch(() => live && setError(M.dropdownsFailed));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!form.industry) {
      setSubServices([]);
      return;
    }
    let live = true;
    setLoadingSubs(true);
    loadSubServices(form.industry)
      .then((list) => live && setSubServices(list))
      .catch(() => live && setError(M.dropdownsFailed))
      .finally(() => live && setLoadingSubs(false));
    return () => {
      live = false;
    };
  }, [form.industry]);

  const set = (field: keyof ProfileForm) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    const problem = validateProfile(form);
    if (problem) {
      setError(problem);
      setSaving(false);
      return;
    }
    if (!session?.token) {
      setError(M.sessionExpired);
      setSaving(false);
      return;
    }
    try {
      const result = await actions.updateProfile(session, {
        business_name: form.business_name.trim(),
        contact_name: form.contact_name.trim(),
        email: form.email.trim(),
        phone: form.phone.trim(),
        industry: form.industry,
        sub_service: form.sub_service,
        zip_codes: parseZipCodes(form.zip_codes),
        sms_opt_in: form.sms_opt_in,
      });
      if (result && result.success === false) throw new Error(result.message ?? M.profileFailed);
      onSaved();
      onClose();
    } catch (caught) {
      setError(
        caught instanceof Error && caught.name === 'Error' ? caught.message : errorText(caught, M.profileFailed),
      );
    } finally {
      setSaving(false);
    }
  }

  // The contractor's current choice stays selectable even before (or without) the catalogue answer.
  const withCurrent = (options: Option[], value: string) =>
    value && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options;

  return (
    <Dialog
      title="Edit Profile"
      subtitle="Update your business information and service details."
      onClose={onClose}
      wide
    >
      <form className="dash-profile-form" onSubmit={submit} noValidate>
        {error && (
          <div className="dash-error-box" role="alert">
            {error}
          </div>
        )}
        <div className="dash-grid-2">
          <div className="dash-field">
            <label htmlFor={ids.business}>Business Name *</label>
            <input
              id={ids.business}
              value={form.business_name}
              onChange={set('business_name')}
              autoComplete="organization"
            />
          </div>
          <div className="dash-field">
            <label htmlFor={ids.contact}>Contact Name *</label>
            <input id={ids.contact} value={form.contact_name} onChange={set('contact_name')} autoComplete="name" />
          </div>
          <div className="dash-field">
            <label htmlFor={ids.email}>Email *</label>
            <input id={ids.email} type="email" value={form.email} onChange={set('email')} autoComplete="email" />
          </div>
          <div className="dash-field">
            <label htmlFor={ids.phone}>Phone *</label>
            <input id={ids.phone} type="tel" value={form.phone} onChange={set('phone')} autoComplete="tel" />
          </div>
          <div className="dash-field">
            <label htmlFor={ids.industry}>Service Category *</label>
            <select
              id={ids.industry}
              value={form.industry}
              // A new category invalidates the chosen sub-service (§4).
              onChange={(e) => setForm((current) => ({ ...current, industry: e.target.value, sub_service: '' }))}
            >
              <option value="">Service Category</option>
              {withCurrent(industries, form.industry).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          {form.industry && (
            <div className="dash-field">
              <label htmlFor={ids.sub}>Sub-Service *</label>
              <select
                id={ids.sub}
                value={form.sub_service}
                onChange={set('sub_service')}
                disabled={loadingSubs}
                aria-busy={loadingSubs}
              >
                <option value="">{loadingSubs ? 'Loading...' : 'Sub-Service'}</option>
                {!loadingSubs &&
                  withCurrent(subServices, form.sub_service).map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
              </select>
            </div>
          )}
          <div className="dash-field dash-field--full">
            <label htmlFor={ids.zips}>Service Areas (ZIP Codes) *</label>
            <input
              id={ids.zips}
              value={form.zip_codes}
              onChange={set('zip_codes')}
              placeholder="12345, 67890, 54321"
              aria-describedby={ids.zipsHint}
            />
            <p id={ids.zipsHint} className="dash-hint">
              Enter ZIP codes separated by commas
            </p>
          </div>
          <div className="dash-field dash-field--full dash-checkbox">
            <input
              id={ids.sms}
              type="checkbox"
              checked={form.sms_opt_in}
              onChange={(e) => setForm((c) => ({ ...c, sms_opt_in: e.target.checked }))}
            />
            <label htmlFor={ids.sms}>I agree to receive SMS notifications about new leads</label>
          </div>
        </div>
        <div className="dash-dialog__actions">
          <button type="button" className="dash-btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="dash-btn dash-btn--primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
