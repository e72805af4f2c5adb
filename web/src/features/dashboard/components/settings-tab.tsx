import { formatPhone } from '@leadmarket/contracts/display';
import { useId, useState } from 'react';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { CopyId } from '../../../components/ui/copy-id';
import { ApiError } from '../../../lib/api';
import { type Session } from '../api/client';
import { updateSms } from '../api/update-sms';
import type { Contractor } from '../api/types';
import { humanize } from '../domain/rules';
import { ApiKeysCard } from './api-keys-card';
import { WebhooksCard } from './webhooks-card';
import { EditProfileDialog } from './edit-profile-dialog';
import { FundForm } from './fund-form';
import { SpendCapsForm } from './spend-caps-form';

/** Settings: business info with Edit Profile, the SMS toggle, and a funding card. */
export function SettingsTab({
  session,
  contractor,
  onSuccess,
  onError,
  fundingAvailable = true,
}: {
  session: Session;
  contractor: Contractor;
  onSuccess: (message: string, ms?: number) => void;
  onError: (message: string) => void;
  /** False when card payments are turned off on the server (auto-reload-settings' funding_available). */
  fundingAvailable?: boolean;
}) {
  const smsId = useId();
  const [editing, setEditing] = useState(false);
  const [smsBusy, setSmsBusy] = useState(false);
  const smsOn = contractor.sms_opt_in ?? true;

  async function toggleSms() {
    if (!session.token) {
      onError(MESSAGES.contractor.sessionExpired);
      return;
    }
    setSmsBusy(true);
    try {
      await updateSms(session, !smsOn);
      onSuccess(MESSAGES.contractorSuccess.smsUpdated, 3000);
    } catch (caught) {
      // §8: not-ok answers and failed requests have different texts.
      onError(
        caught instanceof ApiError && caught.status !== 0
          ? MESSAGES.contractor.smsFailed
          : MESSAGES.contractor.smsError,
      );
    } finally {
      setSmsBusy(false);
    }
  }

  return (
    <div className="dash-settings">
      <section className="dash-card" aria-labelledby="business-info-title">
        <h3 id="business-info-title">Business Information</h3>
        <CopyId id={contractor.id || session.contractorId} />
        <dl className="dash-facts">
          <dt>Business Name</dt>
          <dd>{contractor.business_name}</dd>
          <dt>Contact Name</dt>
          <dd>{contractor.contact_name}</dd>
          {contractor.email && (
            <>
              <dt>Email</dt>
              <dd>{contractor.email}</dd>
            </>
          )}
          <dt>Phone</dt>
          <dd>{formatPhone(contractor.phone)}</dd>
          <dt>Service Category</dt>
          <dd>{humanize(contractor.industry)}</dd>
          <dt>Sub-Service</dt>
          <dd>{humanize(contractor.sub_service)}</dd>
          <dt>Service Areas</dt>
          <dd>{(contractor.zip_codes ?? []).join(', ')}</dd>
        </dl>
        <button type="button" className="dash-btn dash-btn--primary" onClick={() => setEditing(true)}>
          Edit Profile
        </button>
      </section>

      <section className="dash-card" aria-labelledby="sms-title">
        <h3 id="sms-title">SMS Notifications</h3>
        <div className="dash-switch">
          <button
            id={smsId}
            type="button"
            role="switch"
            aria-checked={smsOn}
            className={`dash-switch__control${smsOn ? ' is-on' : ''}`}
            disabled={smsBusy}
            onClick={toggleSms}
          >
            <span className="visually-hidden">SMS alerts for new leads</span>
          </button>
          <label htmlFor={smsId}>SMS alerts for new leads: {smsOn ? 'On' : 'Off'}</label>
        </div>
      </section>

      <SpendCapsForm session={session} onSaved={(message) => onSuccess(message, 3000)} />

      <FundForm session={session} id="settings-funding-card" available={fundingAvailable} />

      <ApiKeysCard session={session} onSuccess={(message) => onSuccess(message, 3000)} />

      <WebhooksCard session={session} onSuccess={(message) => onSuccess(message, 3000)} />

      {editing && (
        <EditProfileDialog
          contractor={contractor}
          session={session}
          onClose={() => setEditing(false)}
          onSaved={() => onSuccess(MESSAGES.contractorSuccess.profileUpdated)}
        />
      )}
    </div>
  );
}
