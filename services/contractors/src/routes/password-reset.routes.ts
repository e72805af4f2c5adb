import {
  CHANNEL_OFF_MESSAGES,
  CONTRACTOR_MESSAGES,
  ForgotPasswordRequestSchema,
  functionPath,
  MESSAGES,
  RESET_LINK_TTL_MS,
  RESET_PASSWORD_MIN,
  ResetPasswordRequestSchema,
  VerifyResetTokenQuerySchema,
} from '@leadmarket/contracts';
import {
  badRequest,
  HttpError,
  hashPassword,
  hashToken,
  randomToken,
  ServiceCallError,
  type ServiceApp,
  type ServiceContext,
} from '@leadmarket/platform';
import type { ContractorsConfig } from '../config.js';
import { findByEmail, setPasswordHash } from '../db/contractor.repository.js';
import { consumeToken, findUsableToken, insertResetToken, retireTokensOf } from '../db/reset-token.repository.js';
import { isValidEmail } from '../domain/profile-rules.js';
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
  /** Admin answers a 4xx for bad input; anything else means it could not do the work. */
  const adminCall = async <T>(
    path: string,
    options: Parameters<ServiceContext<ContractorsDatabase>['clients']['call']>[2],
    failure: string,
  ): Promise<T> => {
    try {
      return await ctx.clients.call<T>('admin', path, options);
    } catch (error) {
      if (error instanceof ServiceCallError && error.status >= 400 && error.status < 500 && error.status !== 404) {
        throw new HttpError(error.status, typeof error.body?.message === 'string' ? error.body.message : failure);
      }
      ctx.logger.warn({ err: String(error), path }, 'admin password reset unavailable');
      throw new HttpError(503, failure);
    }
  };

  app.post(functionPath('forgot-password'), async (request) => {
    // No reset link can reach anyone: say so rather than "email sent".
    if (config.EMAIL_DISABLED) throw new HttpError(503, RESET_EMAIL_UNAVAILABLE);
    const body = ForgotPasswordRequestSchema.parse(request.body ?? {});
    const email = body.email?.trim() ?? '';
    if (!email) throw badRequest(CONTRACTOR_MESSAGES.emailRequired, 'email');
    if (!isValidEmail(email)) throw badRequest(MESSAGES.contractor.invalidEmail, 'email');
    const answer = { success: true, message: CONTRACTOR_MESSAGES.forgotSent };

    if (body.user_type === 'admin') {
      await adminCall(
        '/internal/password-reset/request',
        { body: { email, redirect_url: body.redirect_url } },
        MESSAGES.forgotPassword.failed,
      );
      return answer;
    }
    // Caps how many emails one address can be sent; beyond it the answer is unchanged, so it tells nothing.
    const sends = await ctx.kv.hit(
      `contractors:reset-mail:${email.toLowerCase()}`,
      config.RESET_EMAILS_PER_HOUR,
      3600,
      'fixed',
    );
    const contractor = sends.allowed ? await findByEmail(ctx.db, email) : undefined;
    if (contractor) {
      const token = randomToken(32);
      const expiresAt = new Date(Date.now() + RESET_LINK_TTL_MS);
      // The link is built from our own base URL, never from the request's redirect_url (no phishing via our emails).
      const resetUrl = new URL('/reset-password', ctx.publicBaseUrl);
      resetUrl.searchParams.set('type', 'contractor');
      resetUrl.searchParams.set('token', token);
      await ctx.db.transaction().execute(async (trx) => {
        await insertResetToken(trx, hashToken(token), contractor.id, expiresAt);
        await ctx.emit(trx, [
          {
            type: 'PasswordResetRequested',
            data: {
              user_type: 'contractor',
              email: contractor.email,
              reset_url: resetUrl.toString(),
              expires_at: expiresAt.toISOString(),
            },
          },
        ]);
      });
    }
    return answer;
  });

  app.get(functionPath('verify-reset-token'), async (request) => {
    const query = VerifyResetTokenQuerySchema.parse(request.query ?? {});
    const token = query.token?.trim();
    if (!token) return { valid: false, message: MESSAGES.reset.invalidLink };
    if (query.type === 'admin') {
      const answer = await adminCall<{ valid: boolean }>(
        '/internal/password-reset/verify',
        { query: { token } },
        MESSAGES.reset.linkFailed,
      );
      return answer.valid ? { valid: true } : { valid: false, message: MESSAGES.reset.invalidLink };
    }
    const contractorId = await findUsableToken(ctx.db, hashToken(token));
    return contractorId ? { valid: true } : { valid: false, message: MESSAGES.reset.invalidLink };
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
      await adminCall('/internal/password-reset/complete', { body: { token, password } }, MESSAGES.reset.updateFailed);
      return { success: true, message: MESSAGES.reset.success };
    }
    // Cheap check first so a bad token does not cost a scrypt hash; the consume below is the real guard.
    if (!(await findUsableToken(ctx.db, hashToken(token)))) throw badRequest(MESSAGES.reset.invalidToken, 'token');
    const passwordHash = await hashPassword(password);
    const clearCache = await ctx.db.transaction().execute(async (trx) => {
      const contractorId = await consumeToken(trx, hashToken(token));
      if (!contractorId) return undefined;
      await setPasswordHash(trx, contractorId, passwordHash);
      await retireTokensOf(trx, contractorId);
      return sessions.closeAllIn(trx, contractorId);
    });
    if (!clearCache) throw badRequest(MESSAGES.reset.invalidToken, 'token');
    await clearCache();
    return { success: true, message: MESSAGES.reset.success };
  });
}
