import {
  CONTRACTOR_MESSAGES,
  functionPath,
  MESSAGES,
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
import { emailTakenByOther, toView } from '../db/contractor.repository.js';
import { checkProfile } from '../domain/profile-rules.js';
import { saveProfile, saveSmsOptIn, type ConsentOrigin } from '../use-cases/profile-changes.js';
import type { ContractorsDatabase } from '../db/database.js';

const originOf = (request: FastifyRequest): ConsentOrigin => ({
  ip: clientIpOf(request),
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 500) : null,
});

/** Edit Profile and the SMS toggle; each change is recorded with ContractorProfileUpdated so matching stays current. */
export function registerProfileRoutes(app: ServiceApp, ctx: ServiceContext<ContractorsDatabase>): void {
  app.post(functionPath('update-contractor-profile'), async (request) => {
    const contractorId = contractorIdOf(request);
    const body = UpdateProfileRequestSchema.parse(request.body ?? {});
    const checked = checkProfile(body);
    if (!checked.ok) throw badRequest(checked.violation.message, checked.violation.field);
    if (await emailTakenByOther(ctx.db, checked.profile.email, contractorId))
      throw conflict(CONTRACTOR_MESSAGES.emailTaken);

    const row = await saveProfile(ctx, contractorId, checked.profile, body.sms_opt_in, originOf(request)).catch(
      (error: unknown) => {
        // Another account took the email between the check above and this write.
        if (uniqueViolation(error)?.includes('email')) throw conflict(CONTRACTOR_MESSAGES.emailTaken);
        throw error;
      },
    );
    if (!row) throw unauthorized();
    return { success: true, message: MESSAGES.contractorSuccess.profileUpdated, contractor: toView(row) };
  });

  app.post(functionPath('update-contractor-sms'), async (request) => {
    const contractorId = contractorIdOf(request);
    const { sms_opt_in } = UpdateSmsRequestSchema.parse(request.body ?? {});
    const row = await saveSmsOptIn(ctx, contractorId, sms_opt_in, originOf(request));
    if (!row) throw unauthorized();
    return { success: true, sms_opt_in: row.sms_opt_in, message: MESSAGES.contractorSuccess.smsUpdated };
  });
}
