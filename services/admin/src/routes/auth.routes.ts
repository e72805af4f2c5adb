import {
  AdminLoginRequestSchema,
  functionPath,
  INTERNAL_CALLS,
  MESSAGES,
  RESET_PASSWORD_MIN,
  type InternalResponse,
} from '@leadmarket/contracts';
import {
  adminIdOf,
  badRequest,
  clientIpOf,
  hashPassword,
  hashToken,
  randomToken,
  sessionCache,
  tooManyRequests,
  unauthorized,
  verifyPassword,
  type ServiceApp,
  type ServiceContext,
} from '@leadmarket/platform';
import type { AdminConfig } from '../config.js';
import {
  countAdmins,
  findAdminByEmail,
  findAdminById,
  firstAdmins,
  setAdminPassword,
  type AdminRow,
} from '../db/admin.repository.js';
import { consumeResetToken, findUsableResetToken } from '../db/reset-token.repository.js';
import { deleteSession, deleteSessionsOf, findLiveSession, insertSession } from '../db/session.repository.js';
import { sendAdminResetLink } from '../use-cases/password-reset.js';
import { recordAudit } from '../use-cases/record-audit.js';
import type { AdminDatabase } from '../db/database.js';

/** Text when the password alone cannot say which admin is logging in. */
export const EMAIL_NEEDED = 'Please enter your admin email as well as the password';

const bearer = (header: unknown) =>
  typeof header === 'string' && header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : undefined;

/** admin-login, admin-login-options, admin-logout; session resolution and password reset for the other services. */
export function registerAuthRoutes(app: ServiceApp, ctx: ServiceContext<AdminDatabase>, config: AdminConfig): void {
  const cache = sessionCache(ctx.kv);
  // Checked when no account matches, so a wrong email costs the same time as a wrong password.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword(randomToken(), config.PASSWORD_HASH_COST));

  app.post(functionPath('admin-login'), async (request) => {
    const limit = await ctx.kv.hit(
      `admin:login:ip:${clientIpOf(request)}`,
      config.ADMIN_LOGIN_MAX_ATTEMPTS,
      config.ADMIN_LOGIN_WINDOW_SECONDS,
      'fixed',
    );
    if (!limit.allowed) throw tooManyRequests(MESSAGES.server.rateLimited, limit.retryAfterSeconds);
    const input = AdminLoginRequestSchema.parse(request.body ?? {});

    let account: AdminRow | undefined;
    if (input.email) account = await findAdminByEmail(ctx.db, input.email);
    else {
      const admins = await firstAdmins(ctx.db, 2);
      if (admins.length > 1) throw badRequest(EMAIL_NEEDED, 'email');
      account = admins[0];
    }
    const valid = await verifyPassword(input.password, account?.password_hash ?? (await decoy()));
    if (!account || !valid) throw unauthorized(MESSAGES.admin.invalidPassword);

    const token = randomToken();
    const expiresAt = new Date(Date.now() + config.ADMIN_SESSION_TTL_HOURS * 3600_000);
    await insertSession(ctx.db, { token_hash: hashToken(token), admin_id: account.id, expires_at: expiresAt });
    await recordAudit(ctx, request, {
      admin_id: account.id,
      action: 'admin.login',
      target_type: 'admin',
      target_id: account.id,
    });
    return {
      success: true as const,
      session_token: token,
      expires_at: expiresAt.toISOString(),
      admin: { id: account.id, email: account.email },
    };
  });

  app.get(functionPath('admin-login-options'), async () => ({ multiple_admins: (await countAdmins(ctx.db)) > 1 }));

  app.post(functionPath('admin-logout'), async (request) => {
    const adminId = adminIdOf(request);
    const token = bearer(request.headers.authorization);
    if (token) {
      const hash = hashToken(token);
      await deleteSession(ctx.db, hash);
      await cache.invalidate('admin', [hash]);
    }
    await recordAudit(ctx, request, {
      admin_id: adminId,
      action: 'admin.logout',
      target_type: 'admin',
      target_id: adminId,
    });
    return { success: true as const };
  });

  app.post(INTERNAL_CALLS.adminSession.path, async (request): Promise<InternalResponse<'adminSession'>> => {
    const { token } = INTERNAL_CALLS.adminSession.body.parse(request.body);
    const session = await findLiveSession(ctx.db, hashToken(token), new Date());
    if (!session) throw unauthorized(MESSAGES.server.adminRequired);
    return { account_id: session.admin_id, expires_at: new Date(session.expires_at).toISOString() };
  });

  app.post(INTERNAL_CALLS.adminResetRequest.path, async (request): Promise<InternalResponse<'adminResetRequest'>> => {
    const { email } = INTERNAL_CALLS.adminResetRequest.body.parse(request.body);
    const account = await findAdminByEmail(ctx.db, email);
    // Always the same answer: whether an address is an admin's is nobody's business.
    if (!account) return { ok: true as const };
    await sendAdminResetLink(ctx, account);
    return { ok: true as const };
  });

  // Not validated by the declared query: a missing or odd token is an invalid link, not a 400.
  app.get(INTERNAL_CALLS.adminResetVerify.path, async (request): Promise<InternalResponse<'adminResetVerify'>> => {
    const token = String((request.query as Record<string, unknown>).token ?? '');
    if (!token || token.length > 200) return { valid: false };
    return { valid: Boolean(await findUsableResetToken(ctx.db, hashToken(token), new Date())) };
  });

  app.post(INTERNAL_CALLS.adminResetComplete.path, async (request): Promise<InternalResponse<'adminResetComplete'>> => {
    const { token, password } = INTERNAL_CALLS.adminResetComplete.body.parse(request.body);
    if (password.length < RESET_PASSWORD_MIN) throw badRequest(MESSAGES.reset.tooShort, 'password');
    const passwordHash = await hashPassword(password, config.PASSWORD_HASH_COST);
    const used = await consumeResetToken(ctx.db, hashToken(token), new Date());
    if (!used || !(await findAdminById(ctx.db, used.admin_id))) throw badRequest(MESSAGES.reset.invalidToken, 'token');
    await setAdminPassword(ctx.db, used.admin_id, passwordHash);
    // A new password ends every session that the old one opened.
    const ended = await deleteSessionsOf(ctx.db, used.admin_id);
    await cache.invalidate('admin', ended);
    await recordAudit(ctx, request, {
      admin_id: used.admin_id,
      action: 'admin.password_reset',
      target_type: 'admin',
      target_id: used.admin_id,
    });
    return { success: true as const };
  });
}
