import {
  CHANNEL_OFF_MESSAGES,
  CONTRACTOR_MESSAGES,
  ForgotPasswordRequestSchema,
  functionPath,
  MESSAGES,
  RESET_PASSWORD_MIN,
  ResetPasswordRequestSchema,
  VerifyResetTokenQuerySchema,
} from '@leadmarket/contracts';
import { badRequest, HttpError, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import type { ContractorsConfig } from '../config.js';
import { isValidEmail } from '../domain/profile-rules.js';
import {
  callAdminReset,
  contractorResetTokenValid,
  requestContractorReset,
  resetContractorPassword,
} from '../use-cases/password-reset.js';
import type { Sessions } from '../use-cases/sessions.js';
import type { ContractorsDatabase } from '../db/database.js';

/** EMAIL_DISABLED=true: what forgot-password answers (503). */
export const RESET_EMAIL_UNAVAILABLE = CHANNEL_OFF_MESSAGES.resetEmail;

/**
 * Forgot password, link check and reset, for contractors here and for admins by forwarding to the
 * admin service (docs/internal-api.md), so the browser has one set of calls for both.
 */
export function registerPasswordResetRoutes(
  app: ServiceApp,
  ctx: ServiceContext<ContractorsDatabase>,
  config: ContractorsConfig,
  sessions: Sessions,
): void {
  app.post(functionPath('forgot-password'), async (request) => {
    // No reset link can reach anyone: say so rather than "email sent".
    if (config.EMAIL_DISABLED) throw new HttpError(503, RESET_EMAIL_UNAVAILABLE);
    const body = ForgotPasswordRequestSchema.parse(request.body ?? {});
    const email = body.email?.trim() ?? '';
    if (!email) throw badRequest(CONTRACTOR_MESSAGES.emailRequired, 'email');
    if (!isValidEmail(email)) throw badRequest(MESSAGES.contractor.invalidEmail, 'email');
    const answer = { success: true, message: CONTRACTOR_MESSAGES.forgotSent };

    if (body.user_type === 'admin') {
      await callAdminReset(
        ctx,
        'adminResetRequest',
        { body: { email, redirect_url: body.redirect_url } },
        MESSAGES.forgotPassword.failed,
      );
      return answer;
    }
    // Capped per address; beyond the cap the answer is unchanged, so it tells nothing.
    await requestContractorReset(ctx, config, email);
    return answer;
  });

  app.get(functionPath('verify-reset-token'), async (request) => {
    const query = VerifyResetTokenQuerySchema.parse(request.query ?? {});
    const token = query.token?.trim();
    if (!token) return { valid: false, message: MESSAGES.reset.invalidLink };
    if (query.type === 'admin') {
      const answer = await callAdminReset(ctx, 'adminResetVerify', { query: { token } }, MESSAGES.reset.linkFailed);
      return answer.valid ? { valid: true } : { valid: false, message: MESSAGES.reset.invalidLink };
    }
    return (await contractorResetTokenValid(ctx, token))
      ? { valid: true }
      : { valid: false, message: MESSAGES.reset.invalidLink };
  });

  app.post(functionPath('reset-password'), async (request) => {
    const body = ResetPasswordRequestSchema.parse(request.body ?? {});
    const password = body.password ?? '';
    if (body.confirm_password !== undefined && body.confirm_password !== password)
      throw badRequest(MESSAGES.reset.passwordsMismatch, 'confirm_password');
    if (password.length < RESET_PASSWORD_MIN) throw badRequest(MESSAGES.reset.tooShort, 'password');
    const token = body.token?.trim();
    if (!token) throw badRequest(MESSAGES.reset.invalidToken, 'token');

    if (body.type === 'admin') {
      await callAdminReset(ctx, 'adminResetComplete', { body: { token, password } }, MESSAGES.reset.updateFailed);
      return { success: true, message: MESSAGES.reset.success };
    }
    await resetContractorPassword(ctx, sessions, token, password, config.PASSWORD_HASH_COST);
    return { success: true, message: MESSAGES.reset.success };
  });
}
