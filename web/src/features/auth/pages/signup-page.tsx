import { SIGNUP_CREDIT_CENTS, SIGNUP_PASSWORD_MIN } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { contractorSession } from '../../../lib/storage';
import { FormError, SelectField, TextField } from '../../../components/ui/field';
import { PublicLayout } from '../../../components/ui/public-layout';
import { safeRedirectPath } from '../../../components/ui/safe-redirect';
import { SERVICE_CATEGORIES, useIndustries, useSubServiceChoices } from '../../../lib/service-catalogue';
import { signup, type SignupInput } from '../api/auth-calls';
import { PasswordField } from '../components/password-field';
import { useForm } from '../../../components/ui/use-form';
import { checkSignup, SIGNUP_FIELDS, type SignupField } from '../signup-rules';
import '../auth.css';

/** Shown beside the opt-in box; the contractors service records its own copy of this wording with each consent. */
const SMS_CONSENT_TEXT =
  'I agree to receive SMS notifications about new leads. Message frequency varies; message and data rates may apply. Reply STOP to opt out.';

/** The form's starting values from ?email=&zip=&trade= (a trade is an industry, or a home-services sub-service). */
export function signupPrefill(params: URLSearchParams): SignupInput {
  const trade = (params.get('trade') ?? '').trim().toLowerCase();
  const isIndustry = SERVICE_CATEGORIES.some((c) => c.value === trade);
  return {
    contact_name: '',
    business_name: '',
    email: (params.get('email') ?? '').trim(),
    phone: '',
    industry: trade ? (isIndustry ? trade : 'home_services') : '',
    sub_service: trade && !isIndustry ? trade : '',
    username: '',
    password: '',
    confirm_password: '',
    zip_codes: (params.get('zip') ?? '').trim(),
    sms_opt_in: false,
  };
}

/** /signup and /contractors/signup: the contractor signup form. */
export function SignupPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = useForm<SignupInput, SignupField>(() => signupPrefill(params), SIGNUP_FIELDS);
  const { values, setValues } = fields;
  const industries = useIndustries();
  const subServices = useSubServiceChoices(values.industry, values.sub_service, () =>
    setValues((v) => ({ ...v, sub_service: '' })),
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems = checkSignup(values);
    setError(null);
    if (Object.keys(problems).length) {
      fields.fail(problems);
      return;
    }
    fields.clear();
    setBusy(true);
    try {
      const answer = await signup({
        ...values,
        contact_name: values.contact_name.trim(),
        business_name: values.business_name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        username: values.username.trim(),
      });
      if (!answer?.contractor_id || !answer.session_token) throw new ApiError(200, answer?.message, answer);
      contractorSession.save(answer.session_token, answer.contractor_id);
      navigate(safeRedirectPath(answer.redirect_url, '/contractor-dashboard'));
    } catch (err) {
      setBusy(false);
      const field = err instanceof ApiError ? fields.fieldOf(err.body) : undefined;
      if (field && err instanceof ApiError && err.serverMessage) {
        // The server names the field (an email already registered, a username taken): say it there.
        fields.fail({ [field]: err.serverMessage });
        return;
      }
      setError(
        err instanceof ApiError && err.status === 0
          ? MESSAGES.signup.network
          : err instanceof ApiError
            ? err.messageOr(MESSAGES.signup.failed)
            : MESSAGES.signup.failed,
      );
      fields.fail({});
    }
  }

  return (
    <PublicLayout narrow>
      <form
        ref={fields.formRef}
        className="form card auth-card"
        onSubmit={submit}
        noValidate
        aria-labelledby="signup-title"
      >
        <h1 id="signup-title">Create Your Free Contractor Account</h1>
        <p className="lead-text">
          Get ${SIGNUP_CREDIT_CENTS / 100} in your wallet to start (once per person: not for the email or phone of a
          closed account). No monthly fees, no contracts.
        </p>
        <FormError message={error} summaryRef={fields.summaryRef} />
        <div className="form-grid">
          <TextField label="Your Name" required autoComplete="name" {...fields.field('contact_name')} />
          <TextField label="Business Name" required autoComplete="organization" {...fields.field('business_name')} />
          <TextField label="Email" type="email" required autoComplete="email" {...fields.field('email')} />
          <TextField label="Phone" type="tel" required autoComplete="tel" {...fields.field('phone')} />
          <SelectField
            label="Industry"
            required
            placeholder="Select your industry"
            options={industries}
            {...fields.field('industry')}
            onChange={(e) => {
              setValues((v) => ({ ...v, industry: e.target.value, sub_service: '' }));
              fields.clear('industry');
            }}
          />
          <SelectField
            label="Sub-Service"
            required
            placeholder={
              subServices.loading ? 'Loading...' : values.industry ? 'Select a service' : 'Choose an industry first'
            }
            options={subServices.options}
            disabled={!values.industry || subServices.loading}
            {...fields.field('sub_service')}
            help={subServices.failed ? MESSAGES.contractor.subServicesFailed : undefined}
          />
        </div>
        <TextField
          label="Service ZIP Codes"
          required
          inputMode="numeric"
          {...fields.field('zip_codes')}
          help="Separate ZIP codes with commas, e.g. 78701, 78702"
        />
        <TextField label="Username" required autoComplete="username" {...fields.field('username')} />
        <div className="form-grid">
          <PasswordField label="Password" required autoComplete="new-password" {...fields.field('password')} />
          <PasswordField
            label="Confirm Password"
            required
            autoComplete="new-password"
            {...fields.field('confirm_password')}
          />
        </div>
        <p className="field-help">At least {SIGNUP_PASSWORD_MIN} characters.</p>
        <label className="check">
          <input
            type="checkbox"
            name="sms_opt_in"
            checked={values.sms_opt_in}
            onChange={(e) => setValues((v) => ({ ...v, sms_opt_in: e.target.checked }))}
          />
          <span>{SMS_CONSENT_TEXT} (optional)</span>
        </label>
        <p className="field-help" id="sms-alerts-help">
          {values.sms_opt_in
            ? 'We will text you each new lead in your ZIP codes with a claim link.'
            : 'Without SMS consent you get no lead alerts: new leads only show under Available in your dashboard. You can turn SMS on later in Settings.'}
        </p>
        <button type="submit" className="button button-accent" disabled={busy}>
          {busy ? 'Creating Account...' : 'Create Account'}
        </button>
        <p className="auth-switch">
          Already have an account? <Link to="/contractor-login">Log in</Link>
        </p>
      </form>
    </PublicLayout>
  );
}
