import {
  CONTRACTOR_MESSAGES,
  functionPath,
  MESSAGES,
  SMS_CONSENT_WORDING,
  UpdateProfileRequestSchema,
  UpdateSmsRequestSchema,
} from '@leadmarket/contracts';
import {
  badRequest,
  clientIpOf,
  conflict,
  contractorIdOf,
  unauthorized,
  type ServiceApp,
  type ServiceContext,
} from '@leadmarket/platform';
import type { FastifyRequest } from 'fastify';
import { uniqueViolation } from '../db/unique-violation.js';
import { recordConsent } from '../db/consent.repository.js';
import {
  emailTakenByOther,
  findContractor,
  setSmsOptIn,
  toView,
  updateProfile,
  type ContractorRow,
} from '../db/contractor.repository.js';
import { checkProfile } from '../domain/profile-rules.js';
import { profileEvent } from '../use-cases/profile-event.js';

const userAgentOf = (request: FastifyRequest) =>
  typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 500) : null;

/** Edit Profile and the SMS toggle; each change is recorded with ContractorProfileUpdated so matching stays current. */
export function registerProfileRoutes(app: ServiceApp, ctx: ServiceContext): void {
  const consentOf = (
    request: FastifyRequest,
    contractorId: string,
    optedIn: boolean,
    source: 'profile' | 'sms_toggle',
  ) => ({
    contractor_id: contractorId,
    opted_in: optedIn,
    source,
    wording: SMS_CONSENT_WORDING,
    ip: clientIpOf(request),
    user_agent: userAgentOf(request),
  });

  const emitUpdated = (trx: Parameters<ServiceContext['emit']>[0], row: ContractorRow) =>
    ctx.emit(trx, [
      { type: 'ContractorProfileUpdated', data: { ...profileEvent(row), updated_at: new Date().toISOString() } },
    ]);

  app.post(functionPath('update-contractor-profile'), async (request) => {
    const contractorId = contractorIdOf(request);
    const body = UpdateProfileRequestSchema.parse(request.body ?? {});
    const checked = checkProfile(body);
    if (!checked.ok) throw badRequest(checked.violation.message, checked.violation.field);
    if (await emailTakenByOther(ctx.db, checked.profile.email, contractorId))
      throw conflict(CONTRACTOR_MESSAGES.emailTaken);

    const row = await ctx.db
      .transaction()
      .execute(async (trx) => {
        const before = await findContractor(trx, contractorId);
        if (!before) return undefined;
        const smsOptIn = body.sms_opt_in ?? before.sms_opt_in;
        const after = await updateProfile(trx, contractorId, { ...checked.profile, sms_opt_in: smsOptIn });
        if (!after) return undefined;
        if (smsOptIn !== before.sms_opt_in)
          await recordConsent(trx, consentOf(request, contractorId, smsOptIn, 'profile'));
        await emitUpdated(trx, after);
        return after;
      })
      .catch((error: unknown) => {
        // Another account took the email between the check above and this write.
        if (uniqueViolation(error)?.includes('email')) throw conflict(CONTRACTOR_MESSAGES.emailTaken);
        throw error;
      });
    if (!row) throw unauthorized();
    return { success: true, message: MESSAGES.contractorSuccess.profileUpdated, contractor: toView(row) };
  });

  app.post(functionPath('update-contractor-sms'), async (request) => {
    const contractorId = contractorIdOf(request);
    const { sms_opt_in } = UpdateSmsRequestSchema.parse(request.body ?? {});
    const row = await ctx.db.transaction().execute(async (trx) => {
      const after = await setSmsOptIn(trx, contractorId, sms_opt_in);
      if (!after) return undefined;
      await recordConsent(trx, consentOf(request, contractorId, sms_opt_in, 'sms_toggle'));
      await emitUpdated(trx, after);
      return after;
    });
    if (!row) throw unauthorized();
    return { success: true, sms_opt_in: row.sms_opt_in, message: MESSAGES.contractorSuccess.smsUpdated };
  });
}
