import { useId, useState, type FormEvent } from 'react';
import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPE_NAMES,
  API_KEY_SCOPES,
  type ApiKeyScope,
} from '@leadmarket/contracts/api-keys';
import { TextField } from '../../../components/ui/field';
import { createApiKey, revokeApiKey, useApiKeys, type ApiKeyView, type CreatedApiKey } from '../api/api-keys';
import { errorText, type Session } from '../api/client';
import { dateTimeInWords } from '../domain/rules';
import { CheckboxList } from './checkbox-list';
import { DashError } from './dash-error';
import { DashTable } from './dash-table';

const labelsOf = (scopes: readonly string[]) =>
  API_KEY_SCOPE_NAMES.filter((s) => scopes.includes(s))
    .map((s) => API_KEY_SCOPES[s].label)
    .join(', ');

/**
 * Settings → API: personal API keys for a CRM or an automation tool. A new key is shown once (the
 * server keeps only its hash); the list shows each key's name, permissions, creation and last use,
 * and revokes a key at once. docs/integrations.md tells integrators how to call with one.
 */
export function ApiKeysCard({ session, onSuccess }: { session: Session; onSuccess: (message: string) => void }) {
  const { data, error: loadError, isLoading, mutate } = useApiKeys(session);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['leads:read']);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const scopesId = useId();

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setCreated(null);
    setCopied(null);
    try {
      const answer = await createApiKey(session, name, scopes);
      setCreated(answer);
      setName('');
      await mutate();
    } catch (caught) {
      setError(errorText(caught, 'The key could not be created. Try again in a moment.'));
    } finally {
      setBusy(false);
    }
  }

  async function revoke(key: ApiKeyView) {
    if (!window.confirm(`Revoke "${key.name}"? Calls with it are refused from now on.`)) return;
    setRevoking(key.id);
    setError(null);
    try {
      const answer = await revokeApiKey(session, key.id);
      if (created?.key.id === key.id) setCreated(null);
      await mutate();
      onSuccess(answer.message);
    } catch (caught) {
      setError(errorText(caught, 'The key could not be revoked. Try again in a moment.'));
    } finally {
      setRevoking(null);
    }
  }

  async function copy(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      // No clipboard permission: the key stays selectable text.
      setCopied('no');
    }
  }

  const keys = data?.keys ?? [];
  const full = data !== undefined && keys.length >= data.max_keys;

  return (
    <section className="dash-card dash-card--wide" aria-labelledby="api-keys-title" data-testid="api-keys">
      <h3 id="api-keys-title">API keys</h3>
      <p className="dash-hint">
        Let your CRM or an automation tool read the leads you bought and update their status, with{' '}
        <code>Authorization: Bearer lm_…</code>. A key acts as you, only for the permissions you give it.
      </p>

      {created && (
        <div className="dash-api-key-secret" data-testid="api-key-secret">
          {/* Announced: the message, not the key (a screen reader spelling out 46 characters helps nobody). */}
          <p role="status">
            <strong>{created.message}</strong>
          </p>
          <p>
            <code data-testid="api-key-value">{created.secret}</code>{' '}
            <button type="button" className="dash-btn" onClick={() => copy(created.secret)}>
              Copy key
            </button>{' '}
            <span>{copied === 'yes' ? 'Copied' : copied === 'no' ? 'Select the key to copy it' : ''}</span>
          </p>
          <button type="button" className="dash-btn dash-btn--link" onClick={() => setCreated(null)}>
            I have stored it, hide the key
          </button>
        </div>
      )}

      <form onSubmit={create} noValidate aria-label="Create an API key">
        <TextField
          name="api_key_name"
          label="Key name"
          help={`What the key is for, e.g. "Jobber sync" (up to ${API_KEY_NAME_MAX} characters).`}
          value={name}
          maxLength={API_KEY_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
        />
        <CheckboxList
          legend="Permissions"
          name="api_key_scope"
          options={API_KEY_SCOPE_NAMES}
          chosen={scopes}
          onChange={setScopes}
          describedBy={scopesId}
          label={(scope) => (
            <>
              {API_KEY_SCOPES[scope].label}
              <span className="dash-hint"> — {API_KEY_SCOPES[scope].description}</span>
            </>
          )}
        >
          <p id={scopesId} className="dash-hint">
            Keys never reach your wallet, purchases or profile.
          </p>
        </CheckboxList>
        <DashError>{error}</DashError>
        <button type="submit" className="dash-btn dash-btn--primary" disabled={busy || full}>
          {busy ? 'Creating...' : 'Create API key'}
        </button>
        {full && (
          <p className="dash-hint">You hold {data.max_keys} keys, the most allowed: revoke one to create another.</p>
        )}
      </form>

      {isLoading && !data && (
        <p className="dash-hint" role="status">
          Loading your keys…
        </p>
      )}
      <DashError>{loadError && !data ? errorText(loadError, 'Your API keys could not be loaded.') : null}</DashError>
      {data && keys.length === 0 && <p className="dash-hint">You have no API keys yet.</p>}
      {/* The Actions head is visible: a visually hidden label, absolutely placed in a scrolling table, widens a phone's page. */}
      {keys.length > 0 && (
        <DashTable label="Your API keys" columns={['Name', 'Permissions', 'Key', 'Created', 'Last used', 'Actions']}>
          {keys.map((key) => (
            <tr key={key.id} data-testid="api-key-row">
              <td>{key.name}</td>
              <td>{labelsOf(key.scopes)}</td>
              <td>
                <code>lm_…{key.last_four}</code>
              </td>
              <td>{dateTimeInWords(key.created_at)}</td>
              <td data-testid="api-key-last-used">{key.last_used_at ? dateTimeInWords(key.last_used_at) : 'Never'}</td>
              <td>
                <button
                  type="button"
                  className="dash-btn"
                  disabled={revoking === key.id}
                  onClick={() => revoke(key)}
                  aria-label={`Revoke ${key.name}`}
                >
                  {revoking === key.id ? 'Revoking...' : 'Revoke'}
                </button>
              </td>
            </tr>
          ))}
        </DashTable>
      )}
    </section>
  );
}
