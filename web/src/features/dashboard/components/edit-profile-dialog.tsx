import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { focusFirstInvalid, SelectField, TextField } from '../../../components/ui/field';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { errorText, type Session } from '../api/client';
import { getIndustries } from '../api/get-industries';
import { getSubServices } from '../api/get-sub-services';
import { updateProfile } from '../api/update-profile';
import type { Contractor, Option } from '../api/types';
import {
  parseZipCodes,
  profileFieldErrors,
  validateProfile,
  type ProfileFieldErrors,
  type ProfileForm,
} from '../domain/validation';
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
  const smsId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused submit, once the errors are on screen, the first wrong field takes the focus.
  const [failedSubmits, setFailedSubmits] = useState(0);
  useEffect(() => {
    if (failedSubmits > 0) focusFirstInvalid(formRef.current);
  }, [failedSubmits]);
  // The dialog mounts on each open, so the form starts from the record and the error starts empty.
  const [form, setForm] = useState<ProfileForm>(() => formOf(contractor));
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<ProfileFieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [industries, setIndustries] = useState<Option[]>([]);
  const [subServices, setSubServices] = useState<Option[]>([]);
  const [loadingSubs, setLoadingSubs] = useState(false);

  useEffect(() => {
    let live = true;
    getIndustries()
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
    getSubServices(form.industry)
      .then((list) => live && setSubServices(list))
      .catch(() => live && setError(M.dropdownsFailed))
      .finally(() => live && setLoadingSubs(false));
    return () => {
      live = false;
    };
  }, [form.industry]);

  // A field's own error clears as soon as it is edited; the others stay until the next submit.
  const clearError = (field: keyof ProfileForm) =>
    setFieldErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  const set = (field: keyof ProfileForm) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.target.value;
    setForm((current) => ({ ...current, [field]: value }));
    clearError(field);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    const problem = validateProfile(form);
    const perField = profileFieldErrors(form);
    setFieldErrors(perField);
    if (problem) {
      // The summary keeps the spec's first message; each field says its own problem beside it.
      setError(problem);
      setSaving(false);
      setFailedSubmits((n) => n + 1);
      return;
    }
    if (!session?.token) {
      setError(M.sessionExpired);
      setSaving(false);
      return;
    }
    try {
      await updateProfile(session, {
        business_name: form.business_name.trim(),
        contact_name: form.contact_name.trim(),
        email: form.email.trim(),
        phone: form.phone.trim(),
        industry: form.industry,
        sub_service: form.sub_service,
        zip_codes: parseZipCodes(form.zip_codes),
        sms_opt_in: form.sms_opt_in,
      });
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
      <form ref={formRef} className="dash-profile-form" onSubmit={submit} noValidate>
        {error && (
          <div className="dash-error-box" role="alert">
            {error}
          </div>
        )}
        <div className="dash-grid-2">
          <TextField
            label="Business Name *"
            required
            value={form.business_name}
            onChange={set('business_name')}
            autoComplete="organization"
            error={fieldErrors.business_name}
          />
          <TextField
            label="Contact Name *"
            required
            value={form.contact_name}
            onChange={set('contact_name')}
            autoComplete="name"
            error={fieldErrors.contact_name}
          />
          <TextField
            label="Email *"
            required
            type="email"
            value={form.email}
            onChange={set('email')}
            autoComplete="email"
            error={fieldErrors.email}
          />
          <TextField
            label="Phone *"
            required
            type="tel"
            value={form.phone}
            onChange={set('phone')}
            autoComplete="tel"
            error={fieldErrors.phone}
          />
          <SelectField
            label="Service Category *"
            required
            value={form.industry}
            // A new category invalidates the chosen sub-service (§4).
            onChange={(e) => {
              const industry = e.target.value;
              setForm((current) => ({ ...current, industry, sub_service: '' }));
              clearError('industry');
            }}
            placeholder="Service Category"
            options={withCurrent(industries, form.industry)}
            error={fieldErrors.industry}
          />
          {form.industry && (
            <SelectField
              label="Sub-Service *"
              required
              value={form.sub_service}
              onChange={set('sub_service')}
              disabled={loadingSubs}
              aria-busy={loadingSubs}
              placeholder={loadingSubs ? 'Loading...' : 'Sub-Service'}
              options={loadingSubs ? [] : withCurrent(subServices, form.sub_service)}
              error={fieldErrors.sub_service}
            />
          )}
          <div className="dash-field--full">
            <TextField
              label="Service Areas (ZIP Codes) *"
              required
              value={form.zip_codes}
              onChange={set('zip_codes')}
              placeholder="12345, 67890, 54321"
              help="Enter ZIP codes separated by commas"
              error={fieldErrors.zip_codes}
            />
          </div>
          <div className="dash-field dash-field--full dash-checkbox">
            <input
              id={smsId}
              type="checkbox"
              checked={form.sms_opt_in}
              onChange={(e) => setForm((c) => ({ ...c, sms_opt_in: e.target.checked }))}
            />
            <label htmlFor={smsId}>I agree to receive SMS notifications about new leads</label>
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
