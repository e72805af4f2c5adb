import { MESSAGES } from '@leadmarket/contracts/messages';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api';
import { Alert } from '../../../components/ui/alert';
import { FormError, TextAreaField, TextField } from '../../../components/ui/field';
import { useForm } from '../../../components/ui/use-form';
import { FIELD_MESSAGES } from '@leadmarket/contracts/field-messages';
import { PublicLayout } from '../../../components/ui/public-layout';
import { sendContactMessage } from '../api/site-calls';
import { SUPPORT_EMAIL } from '../site-info';
import '../public-site.css';
import { isEmailAddress } from '@leadmarket/contracts/email';

const EMPTY = { name: '', email: '', message: '', website: '' };
const FIELDS = ['name', 'email', 'message'] as const;
type ContactField = (typeof FIELDS)[number];
/** Upper bound of a contact message (the server's CONTACT_MESSAGE_MAX). */
const MESSAGE_MAX = 5000;

/** The contact form's problems, each for its field, in the server's words. */
export function checkContact(form: typeof EMPTY): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const key of FIELDS) if (!form[key].trim()) errors[key] = FIELD_MESSAGES.required(key);
  if (form.email.trim() && !isEmailAddress(form.email.trim())) errors.email = FIELD_MESSAGES.email;
  return errors;
}

/** /contact: name, email and message, posted to our own contact function. */
export function ContactPage() {
  const fields = useForm(EMPTY, FIELDS);
  const form = fields.values;
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'error'; message: string }>({
    kind: 'idle',
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems = checkContact(form);
    if (Object.keys(problems).length) {
      setState({ kind: 'idle' });
      fields.fail(problems);
      return;
    }
    fields.clear();
    setState({ kind: 'sending' });
    try {
      await sendContactMessage({
        name: form.name.trim(),
        email: form.email.trim(),
        message: form.message.trim(),
        subject: `Contact form message from ${form.name.trim()}`,
        website: form.website,
      });
      fields.setValues(EMPTY);
      setState({ kind: 'sent' });
    } catch (error) {
      // A validation answer (4xx) says what to fix; anything else gets the spec's text.
      const message =
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 404 &&
        error.status !== 405
          ? error.messageOr(MESSAGES.contact.failed)
          : MESSAGES.contact.failed;
      const field = error instanceof ApiError && error.status === 400 ? fields.fieldOf(error.body) : undefined;
      if (field) {
        setState({ kind: 'idle' });
        fields.fail({ [field]: message });
        return;
      }
      setState({ kind: 'error', message });
      fields.fail({});
    }
  }

  return (
    <PublicLayout narrow>
      <h1>Contact Us</h1>
      <p>
        Have a question? Send us a message or write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
      <form ref={fields.formRef} className="form card" onSubmit={submit} noValidate aria-label="Contact us">
        {state.kind === 'sent' ? <Alert kind="success">{MESSAGES.contact.success}</Alert> : null}
        <FormError message={state.kind === 'error' ? state.message : null} summaryRef={fields.summaryRef} />
        <TextField label="Name" required autoComplete="name" {...fields.field('name')} />
        <TextField label="Email" type="email" required autoComplete="email" {...fields.field('email')} />
        <TextAreaField
          label="Message"
          required
          maxLength={MESSAGE_MAX}
          {...fields.field('message')}
          help={`${form.message.length.toLocaleString('en-US')} / ${MESSAGE_MAX.toLocaleString('en-US')} characters`}
        />
        {/* Bot trap: hidden from people and assistive technology; a filled value marks a bot server-side. */}
        <div className="honeypot" aria-hidden="true">
          <label htmlFor="contact-website">Website</label>
          <input
            id="contact-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={form.website}
            onChange={(e) => fields.set('website', e.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? 'Sending...' : 'Send Message'}
        </button>
      </form>
    </PublicLayout>
  );
}
