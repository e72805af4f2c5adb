import { SMS_CONSENT_WORDING } from '@leadmarket/contracts';
import type { ServiceContext } from '@leadmarket/platform';
import { recordConsent } from '../db/consent.repository.js';
import { insertContractor } from '../db/contractor.repository.js';
import { belongedToDeletedAccount } from '../db/signup-credit.repository.js';
import { newContractorId } from '../domain/contractor-id.js';
import type { SignupFields } from '../domain/profile-rules.js';
import { profileEvent } from './profile-event.js';
import type { Sessions } from './sessions.js';
import type { ContractorsDatabase } from '../db/database.js';

/** A checked signup, its password already hashed, and where the consent was given. */
export interface NewSignup {
  signup: SignupFields;
  passwordHash: string;
  smsOptIn: boolean;
  ip: string | null;
  userAgent: string | null;
}

/**
 * The account, its SMS consent record, its first session and ContractorRegistered, all in one
 * transaction. A unique violation (email or username taken meanwhile) is thrown for the caller to name.
 */
export function registerContractor(
  ctx: ServiceContext<ContractorsDatabase>,
  sessions: Sessions,
  signupCreditSalt: string,
  { signup, passwordHash, smsOptIn, ip, userAgent }: NewSignup,
): Promise<{ contractorId: string; token: string; signupCredit: boolean }> {
  return ctx.transaction(async (trx) => {
    const { password: _password, ...profile } = signup;
    // One signup credit per person: none for the email or phone of a deleted account (ADR 0007).
    // Kept on the account too, so every page and message tells what the wallet will really hold.
    const signupCredit = !(await belongedToDeletedAccount(trx, signupCreditSalt, {
      email: signup.email,
      phone: signup.phone,
    }));
    const row = await insertContractor(trx, {
      ...profile,
      id: newContractorId(),
      password_hash: passwordHash,
      sms_opt_in: smsOptIn,
      signup_credit: signupCredit,
    });
    await recordConsent(trx, {
      contractor_id: row.id,
      opted_in: smsOptIn,
      source: 'signup',
      wording: SMS_CONSENT_WORDING,
      ip,
      user_agent: userAgent,
    });
    const token = await sessions.open(trx, row.id);
    await ctx.emit(trx, [
      {
        type: 'ContractorRegistered',
        data: {
          ...profileEvent(row),
          registered_at: new Date(row.created_at).toISOString(),
          signup_credit: signupCredit,
        },
      },
    ]);
    return { contractorId: row.id, token, signupCredit };
  });
}
