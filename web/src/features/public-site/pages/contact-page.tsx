import { MESSAGES } from '@leadmarket/contracts/messages';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api';
import { Alert } from '../../../components/ui/alert';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { PublicLayout } from '../../../components/ui/public-layout';
import { sendContactMessage } from '../api/site-calls';
import { SUPPORT_EMAIL } from '../site-info';
import '../public-site.css';

const EMPTY = { name: '', email: '', message: '', website: '' };

/** /contact: name, email and message, posted to our own contact function. */
export function ContactPage() {
  const [form, setForm] = useState(EMPTY);
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'error'; message: string }>({
    kind: 'idle',
  });
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!form.name.trim() || !form.email.trim() || !form.message.trim()) {
      setState({ kind: 'error', message: MESSAGES.contractor.requiredFields });
      return;
    }
    setState({ kind: 'sending' });
    try {
      await sendContactMessage({
        name: form.name.trim(),
        email: form.email.trim(),
        message: form.message.trim(),
        subject: `Contact form message from ${form.name.trim()}`,
        website: form.website,
      });
      setForm(EMPTY);
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
      setState({ kind: 'error', message });
    }
  }

  return (
    <PublicLayout narrow>
      <h1>Contact Us</h1>
      <p>
        Have a question? Send us a message or write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
      <form className="form card" onSubmit={submit} noValidate>
        {state.kind === 'sent' ? <Alert kind="success">{MESSAGES.contact.success}</Alert> : null}
        {state.kind === 'error' ? <Alert kind="error">{state.message}</Alert> : null}
        <TextField label="Name" name="name" required autoComplete="name" value={form.name} onChange={set('name')} />
        <TextField
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
        />
        <TextAreaField label="Message" name="message" required value={form.message} onChange={set('message')} />
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
            onChange={set('website')}
          />
        </div>
        <button type="submit" className="button" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? 'Sending...' : 'Send Message'}
        </button>
      </form>
    </PublicLayout>
  );
}
