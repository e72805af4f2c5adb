import { SMS_CONSENT_WORDING } from '@leadmarket/contracts';
import type { ServiceContext } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import { recordConsent } from '../db/consent.repository.js';
import { findContractor, setSmsOptIn, updateProfile, type ContractorRow } from '../db/contractor.repository.js';
import type { ProfileFields } from '../domain/profile-rules.js';
import { profileEvent } from './profile-event.js';
import type { ContractorsDatabase } from '../db/database.js';

/** Where an SMS consent change was made (kept with the consent record). */
export interface ConsentOrigin {
  ip: string | null;
  userAgent: string | null;
}

const consentOf = (
  origin: ConsentOrigin,
  contractorId: string,
  optedIn: boolean,
  source: 'profile' | 'sms_toggle',
) => ({
  contractor_id: contractorId,
  opted_in: optedIn,
  source,
  wording: SMS_CONSENT_WORDING,
  ip: origin.ip,
  user_agent: origin.userAgent,
});

// Each change is announced with ContractorProfileUpdated so matching stays current.
const emitUpdated = (ctx: ServiceContext<ContractorsDatabase>, trx: Kysely<ContractorsDatabase>, row: ContractorRow) =>
  ctx.emit(trx, [
    { type: 'ContractorProfileUpdated', data: { ...profileEvent(row), updated_at: new Date().toISOString() } },
  ]);

/**
 * Edit Profile: the new fields, a consent record when the SMS choice changed, and the event, in one
 * transaction. Undefined when the contractor is gone; a unique violation (email taken meanwhile) is thrown.
 */
export function saveProfile(
  ctx: ServiceContext<ContractorsDatabase>,
  contractorId: string,
  profile: ProfileFields,
  requestedSmsOptIn: boolean | undefined,
  origin: ConsentOrigin,
): Promise<ContractorRow | undefined> {
  return ctx.transaction(async (trx) => {
    const before = await findContractor(trx, contractorId);
    if (!before) return undefined;
    const smsOptIn = requestedSmsOptIn ?? before.sms_opt_in;
    const after = await updateProfile(trx, contractorId, { ...profile, sms_opt_in: smsOptIn });
    if (!after) return undefined;
    if (smsOptIn !== before.sms_opt_in) await recordConsent(trx, consentOf(origin, contractorId, smsOptIn, 'profile'));
    await emitUpdated(ctx, trx, after);
    return after;
  });
}

/** The SMS toggle: the choice, its consent record and the event, in one transaction. Undefined when the contractor is gone. */
export function saveSmsOptIn(
  ctx: ServiceContext<ContractorsDatabase>,
  contractorId: string,
  smsOptIn: boolean,
  origin: ConsentOrigin,
): Promise<ContractorRow | undefined> {
  return ctx.transaction(async (trx) => {
    const after = await setSmsOptIn(trx, contractorId, smsOptIn);
    if (!after) return undefined;
    await recordConsent(trx, consentOf(origin, contractorId, smsOptIn, 'sms_toggle'));
    await emitUpdated(ctx, trx, after);
    return after;
  });
}
