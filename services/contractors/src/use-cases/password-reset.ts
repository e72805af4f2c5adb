import { INTERNAL_CALLS, MESSAGES, RESET_LINK_TTL_MS, type InternalResponse } from '@leadmarket/contracts';
import {
  badRequest,
  callInternal,
  hashPassword,
  hashToken,
  HttpError,
  randomToken,
  ServiceCallError,
  type InternalCallOptions,
  type ServiceContext,
} from '@leadmarket/platform';
import type { ContractorsConfig } from '../config.js';
import { findByEmail, setPasswordHash } from '../db/contractor.repository.js';
import { consumeToken, findUsableToken, insertResetToken, retireTokensOf } from '../db/reset-token.repository.js';
import type { Sessions } from './sessions.js';
import type { ContractorsDatabase } from '../db/database.js';

/**
 * Send a contractor a reset link (PasswordResetRequested) when the address is theirs and under its
 * hourly cap; says nothing either way, so the answer tells nobody whether an account exists.
 */
export async function requestContractorReset(
  ctx: ServiceContext<ContractorsDatabase>,
  config: ContractorsConfig,
  email: string,
): Promise<void> {
  const sends = await ctx.kv.hit(
    `contractors:reset-mail:${email.toLowerCase()}`,
    config.RESET_EMAILS_PER_HOUR,
    3600,
    'fixed',
  );
  const contractor = sends.allowed ? await findByEmail(ctx.db, email) : undefined;
  if (!contractor) return;
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + RESET_LINK_TTL_MS);
  // The link is built from our own base URL, never from the request's redirect_url (no phishing via our emails).
  const resetUrl = new URL('/reset-password', ctx.publicBaseUrl);
  resetUrl.searchParams.set('type', 'contractor');
  resetUrl.searchParams.set('token', token);
  await ctx.transaction(async (trx) => {
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

/** Whether a contractor reset link still works. */
export const contractorResetTokenValid = async (
  ctx: ServiceContext<ContractorsDatabase>,
  token: string,
): Promise<boolean> => Boolean(await findUsableToken(ctx.db, hashToken(token)));

/** Set a contractor's new password with a reset token (used once), closing every session they had. */
export async function resetContractorPassword(
  ctx: ServiceContext<ContractorsDatabase>,
  sessions: Sessions,
  token: string,
  password: string,
  /** PASSWORD_HASH_COST. */
  hashCost: number,
): Promise<void> {
  // Cheap check first so a bad token does not cost a scrypt hash; the consume below is the real guard.
  if (!(await contractorResetTokenValid(ctx, token))) throw badRequest(MESSAGES.reset.invalidToken, 'token');
  const passwordHash = await hashPassword(password, hashCost);
  const clearCache = await ctx.transaction(async (trx) => {
    const contractorId = await consumeToken(trx, hashToken(token));
    if (!contractorId) return undefined;
    await setPasswordHash(trx, contractorId, passwordHash);
    await retireTokensOf(trx, contractorId);
    return sessions.closeAllIn(trx, contractorId);
  });
  if (!clearCache) throw badRequest(MESSAGES.reset.invalidToken, 'token');
  await clearCache();
}

/**
 * Forward an admin's reset step to the admin service (docs/internal-api.md). Admin answers a 4xx
 * for bad input (passed on); anything else means it could not do the work (503 with `failure`).
 */
export async function callAdminReset<N extends 'adminResetRequest' | 'adminResetVerify' | 'adminResetComplete'>(
  ctx: ServiceContext<ContractorsDatabase>,
  name: N,
  options: InternalCallOptions<N>,
  failure: string,
): Promise<InternalResponse<N>> {
  const path = INTERNAL_CALLS[name].path;
  try {
    return await callInternal(ctx.clients, name, options);
  } catch (error) {
    if (error instanceof ServiceCallError && error.status >= 400 && error.status < 500 && error.status !== 404) {
      throw new HttpError(error.status, typeof error.body?.message === 'string' ? error.body.message : failure);
    }
    ctx.logger.warn({ err: String(error), path }, 'admin password reset unavailable');
    throw new HttpError(503, failure);
  }
}
