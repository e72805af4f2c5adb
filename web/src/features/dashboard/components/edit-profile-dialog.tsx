import { useEffect, useId, useState, type FormEvent } from 'react';
import { SelectField, TextField } from '../../../components/ui/field';
import { useForm } from '../../../components/ui/use-form';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { errorText, type Session } from '../api/client';
import { getIndustries } from '../api/get-industries';
import { getSubServices } from '../api/get-sub-services';
import { updateProfile } from '../api/update-profile';
import type { Contractor, Option } from '../api/types';
import { parseZipCodes, profileFieldErrors, validateProfile, type ProfileForm } from '../domain/validation';
import { Dialog } from './dialog';

const M = MESSAGES.contractor;
/** The fields that can carry their own error (every one but the SMS opt-in). */
const PROFILE_FIELDS = [
  'business_name',
  'contact_name',
  'email',
  'phone',
  'industry',
  'sub_service',
  'zip_codes',
] as const;

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
  // The dialog mounts on each open, so the form starts from the record and the error starts empty.
  // After a refused submit, once the errors are on screen, the first wrong field takes the focus.
  const fields = useForm(() => formOf(contractor), PROFILE_FIELDS);
  const form = fields.values;
  const [error, setError] = useState<string | null>(null);
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    const problem = validateProfile(form);
    if (problem) {
      // The summary keeps the spec's first message; each field says its own problem beside it.
      setError(problem);
      setSaving(false);
      fields.fail(profileFieldErrors(form));
      return;
    }
    fields.clear();
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
      <form ref={fields.formRef} className="dash-profile-form" onSubmit={submit} noValidate>
        {error && (
          <div className="dash-error-box" role="alert">
            {error}
          </div>
        )}
        <div className="dash-grid-2">
          <TextField label="Business Name *" required autoComplete="organization" {...fields.field('business_name')} />
          <TextField label="Contact Name *" required autoComplete="name" {...fields.field('contact_name')} />
          <TextField label="Email *" required type="email" autoComplete="email" {...fields.field('email')} />
          <TextField label="Phone *" required type="tel" autoComplete="tel" {...fields.field('phone')} />
          <SelectField
            label="Service Category *"
            required
            {...fields.field('industry')}
            // A new category invalidates the chosen sub-service (§4).
            onChange={(e) => {
              const industry = e.target.value;
              fields.setValues((current) => ({ ...current, industry, sub_service: '' }));
              fields.clear('industry');
            }}
            placeholder="Service Category"
            options={withCurrent(industries, form.industry)}
          />
          {form.industry && (
            <SelectField
              label="Sub-Service *"
              required
              {...fields.field('sub_service')}
              disabled={loadingSubs}
              aria-busy={loadingSubs}
              placeholder={loadingSubs ? 'Loading...' : 'Sub-Service'}
              options={loadingSubs ? [] : withCurrent(subServices, form.sub_service)}
            />
          )}
          <div className="dash-field--full">
            <TextField
              label="Service Areas (ZIP Codes) *"
              required
              {...fields.field('zip_codes')}
              placeholder="12345, 67890, 54321"
              help="Enter ZIP codes separated by commas"
            />
          </div>
          <div className="dash-field dash-field--full dash-checkbox">
            <input
              id={smsId}
              type="checkbox"
              checked={form.sms_opt_in}
              onChange={(e) => fields.set('sms_opt_in', e.target.checked)}
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
