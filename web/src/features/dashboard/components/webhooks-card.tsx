import './webhooks-card.css';
import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@leadmarket/contracts/webhooks';
import { TextField } from '../../../components/ui/field';
import {
  addWebhookEndpoint,
  removeWebhookEndpoint,
  replayWebhookMessage,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
  useWebhookEndpoints,
  useWebhookLog,
  type WebhookEndpointView,
  type WebhookMessageView,
  type WebhookSecretAnswer,
} from '../api/webhooks';
import { errorText, type Session } from '../api/client';
import { dateTimeInWords } from '../domain/rules';
import { CheckboxList } from './checkbox-list';
import { DashError } from './dash-error';
import { DashTable } from './dash-table';

const eventWords = (events: readonly string[]) =>
  WEBHOOK_EVENT_TYPES.filter((t) => events.includes(t))
    .map((t) => WEBHOOK_EVENT_LABELS[t])
    .join(', ');

const STATUS_WORDS: Record<WebhookMessageView['status'], string> = {
  pending: 'Waiting to be sent',
  sending: 'Sending now',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** A message's state in words: a waiting retry says when it goes out. */
function messageState(m: WebhookMessageView): string {
  if (m.status === 'pending' && m.attempts.length > 0 && m.next_attempt_at)
    return `Failed; next try ${dateTimeInWords(m.next_attempt_at)}`;
  return STATUS_WORDS[m.status];
}

/** One attempt in words: what came back (status and size, never the body) and how long it took. */
function attemptWords(a: WebhookMessageView['attempts'][number]): string {
  const answer =
    a.status_code === null
      ? (a.error ?? 'No answer')
      : `HTTP ${a.status_code}, ${a.response_bytes ?? 0} byte${a.response_bytes === 1 ? '' : 's'}`;
  const replay = a.trigger === 'replay' ? ' (replay)' : '';
  return `${dateTimeInWords(a.attempted_at)}: ${answer} in ${a.duration_ms} ms${replay}`;
}

/** The signing secret, shown once after adding an endpoint or rotating its secret. */
function SecretOnce({ answer, onHide }: { answer: WebhookSecretAnswer; onHide: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(answer.secret);
      setCopied('yes');
    } catch {
      // No clipboard permission: the secret stays selectable text.
      setCopied('no');
    }
  }
  return (
    <div className="dash-api-key-secret" role="status" data-testid="webhook-secret">
      <p>
        <strong>
          The signing secret of {answer.endpoint.url}. Store it now: it is not shown again (you can rotate it for a new
          one).
        </strong>
      </p>
      <p>
        <code data-testid="webhook-secret-value">{answer.secret}</code>{' '}
        <button type="button" className="dash-btn" onClick={copy}>
          Copy secret
        </button>{' '}
        <span>{copied === 'yes' ? 'Copied' : copied === 'no' ? 'Select the secret to copy it' : ''}</span>
      </p>
      <button type="button" className="dash-btn dash-btn--link" onClick={onHide}>
        I have stored it, hide the secret
      </button>
    </div>
  );
}

/** The delivery log of one endpoint: each message, every attempt, and a replay. */
function DeliveryLog({ session, endpoint }: { session: Session; endpoint: WebhookEndpointView }) {
  const { data, error, mutate, isValidating } = useWebhookLog(session, endpoint.id);
  const [replaying, setReplaying] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function replay(m: WebhookMessageView) {
    setReplaying(m.id);
    setNotice(null);
    try {
      await replayWebhookMessage(session, m.id);
      setNotice(`${m.type_label} is being sent again with the same webhook-id.`);
      await mutate();
    } catch (caught) {
      setNotice(errorText(caught, 'The delivery could not be sent again. Try again in a moment.'));
    } finally {
      setReplaying(null);
    }
  }

  const messages = data?.messages ?? [];
  return (
    <div className="dash-webhook-log" data-testid="webhook-log">
      <p className="dash-hint">
        Each delivery with every attempt: what your endpoint answered (status and size; we never keep its body) and how
        long it took. Replay sends a delivery again with the same <code>webhook-id</code>.{' '}
        <button type="button" className="dash-btn dash-btn--link" onClick={() => mutate()} disabled={isValidating}>
          Refresh the log
        </button>
      </p>
      {notice && <p role="status">{notice}</p>}
      <DashError>{error && !data ? errorText(error, 'The delivery log could not be loaded.') : null}</DashError>
      {data && messages.length === 0 && <p className="dash-hint">Nothing has been sent to this endpoint yet.</p>}
      {messages.length > 0 && (
        <DashTable
          label={`Delivery log of ${endpoint.url}`}
          columns={['Event', 'State', 'Attempts', <span className="visually-hidden">Actions</span>]}
        >
          {messages.map((m) => (
            <tr key={m.id} data-testid="webhook-message" data-message-id={m.id} data-status={m.status}>
              <td>
                {m.type_label}
                <br />
                <code className="dash-hint">{m.id}</code>
              </td>
              <td>{messageState(m)}</td>
              <td>
                {m.attempts.length === 0 ? (
                  'None yet'
                ) : (
                  <ol className="dash-webhook-attempts">
                    {m.attempts.map((a, i) => (
                      <li key={i} data-testid="webhook-attempt">
                        {attemptWords(a)}
                      </li>
                    ))}
                  </ol>
                )}
              </td>
              <td>
                <button
                  type="button"
                  className="dash-btn"
                  disabled={replaying === m.id || m.status === 'sending'}
                  onClick={() => replay(m)}
                  aria-label={`Replay ${m.type_label} ${m.id}`}
                >
                  {replaying === m.id ? 'Replaying...' : 'Replay'}
                </button>
              </td>
            </tr>
          ))}
        </DashTable>
      )}
    </div>
  );
}

/** One endpoint: its address, events and state, with test, rotate, turn on, remove and its log. */
function EndpointItem({
  session,
  endpoint,
  onSecret,
  onChanged,
  onSuccess,
}: {
  session: Session;
  endpoint: WebhookEndpointView;
  onSecret: (answer: WebhookSecretAnswer) => void;
  onChanged: () => Promise<unknown>;
  onSuccess: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function act(what: string, run: () => Promise<unknown>, done: string, fallback: string) {
    setBusy(what);
    setError(null);
    try {
      await run();
      await onChanged();
      onSuccess(done);
    } catch (caught) {
      setError(errorText(caught, fallback));
    } finally {
      setBusy(null);
    }
  }

  const enabled = endpoint.status === 'enabled';
  return (
    <li className="dash-webhook" data-testid="webhook-endpoint" data-endpoint-id={endpoint.id}>
      <p>
        <strong className="dash-webhook__url">{endpoint.url}</strong>
        <br />
        <span>Events: {eventWords(endpoint.events)}</span>
        <br />
        <span data-testid="webhook-endpoint-state">
          {enabled ? 'On' : `Turned off: ${endpoint.disabled_reason ?? 'by you'}`}
        </span>
        <br />
        <span className="dash-hint">
          Secret <code>{endpoint.secret_hint}</code>, added {dateTimeInWords(endpoint.created_at)}
        </span>
      </p>
      <DashError>{error}</DashError>
      <div className="dash-webhook__actions">
        <button type="button" className="dash-btn" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Hide the delivery log' : 'Show the delivery log'}
        </button>
        {enabled ? (
          <button
            type="button"
            className="dash-btn"
            disabled={busy !== null}
            onClick={() =>
              act(
                'test',
                async () => {
                  await sendWebhookTest(session, endpoint.id);
                  setOpen(true);
                },
                'A test event is on its way to your endpoint.',
                'The test event could not be sent. Try again in a moment.',
              )
            }
          >
            {busy === 'test' ? 'Sending...' : 'Send test event'}
          </button>
        ) : (
          <button
            type="button"
            className="dash-btn dash-btn--primary"
            disabled={busy !== null}
            onClick={() =>
              act(
                'enable',
                () => updateWebhookEndpoint(session, endpoint.id, { enabled: true }),
                'The endpoint is on again. Replay from its log what it missed.',
                'The endpoint could not be turned on. Try again in a moment.',
              )
            }
          >
            {busy === 'enable' ? 'Turning on...' : 'Turn on'}
          </button>
        )}
        <button
          type="button"
          className="dash-btn"
          disabled={busy !== null}
          onClick={() => {
            if (!window.confirm('Rotate the signing secret? Deliveries are signed with the new one at once.')) return;
            void act(
              'rotate',
              async () => onSecret(await rotateWebhookSecret(session, endpoint.id)),
              'The endpoint has a new signing secret.',
              'The secret could not be rotated. Try again in a moment.',
            );
          }}
        >
          {busy === 'rotate' ? 'Rotating...' : 'Rotate secret'}
        </button>
        <button
          type="button"
          className="dash-btn"
          disabled={busy !== null}
          aria-label={`Remove ${endpoint.url}`}
          onClick={() => {
            if (!window.confirm(`Remove ${endpoint.url}? Its delivery log goes with it.`)) return;
            void act(
              'remove',
              () => removeWebhookEndpoint(session, endpoint.id),
              'The endpoint was removed.',
              'The endpoint could not be removed. Try again in a moment.',
            );
          }}
        >
          {busy === 'remove' ? 'Removing...' : 'Remove'}
        </button>
      </div>
      {open && <DeliveryLog session={session} endpoint={endpoint} />}
    </li>
  );
}

/**
 * Settings → Integrations: webhooks to the contractor's own tools. Add an https endpoint and choose
 * its events; the signing secret is shown once (rotate for a new one); send a test; every delivery
 * is in the endpoint's log and can be replayed. docs/integrations.md shows how to verify a delivery.
 */
export function WebhooksCard({ session, onSuccess }: { session: Session; onSuccess: (message: string) => void }) {
  const { data, error: loadError, mutate } = useWebhookEndpoints(session);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['lead.purchased']);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<WebhookSecretAnswer | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSecret(null);
    try {
      setSecret(await addWebhookEndpoint(session, url.trim(), events));
      setUrl('');
      await mutate();
    } catch (caught) {
      setError(errorText(caught, 'The endpoint could not be added. Try again in a moment.'));
    } finally {
      setBusy(false);
    }
  }

  const endpoints = data?.endpoints ?? [];
  return (
    <section className="dash-card dash-card--wide" aria-labelledby="integrations-title" data-testid="webhooks">
      <h3 id="integrations-title">Integrations</h3>
      <p className="dash-hint">
        Send leads straight to your CRM or any tool that takes webhooks. Each delivery is signed (Standard Webhooks) so
        your tool can check it came from us, and retried for 24 hours when your endpoint is down.
      </p>

      {secret && <SecretOnce answer={secret} onHide={() => setSecret(null)} />}

      <form onSubmit={add} noValidate aria-label="Add a webhook endpoint">
        <TextField
          name="webhook_url"
          label="Endpoint address"
          help="The https:// address your tool gave you for incoming webhooks."
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <CheckboxList
          legend="Events to send"
          name="webhook_event"
          options={WEBHOOK_EVENT_TYPES}
          chosen={events}
          onChange={setEvents}
          label={(type) => WEBHOOK_EVENT_LABELS[type]}
        />
        <DashError>{error}</DashError>
        <button type="submit" className="dash-btn dash-btn--primary" disabled={busy}>
          {busy ? 'Adding...' : 'Add endpoint'}
        </button>
      </form>

      <DashError>{loadError && !data ? errorText(loadError, 'Your endpoints could not be loaded.') : null}</DashError>
      {data && endpoints.length === 0 && <p className="dash-hint">You have no webhook endpoints yet.</p>}
      {endpoints.length > 0 && (
        <ul className="dash-webhooks" aria-label="Your webhook endpoints">
          {endpoints.map((endpoint) => (
            <EndpointItem
              key={endpoint.id}
              session={session}
              endpoint={endpoint}
              onSecret={setSecret}
              onChanged={mutate}
              onSuccess={onSuccess}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
