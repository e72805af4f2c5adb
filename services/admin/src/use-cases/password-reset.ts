import { RESET_LINK_TTL_MS } from '@leadmarket/contracts';
import { hashToken, randomToken, type ServiceContext } from '@leadmarket/platform';
import type { AdminRow } from '../db/admin.repository.js';
import { insertResetToken } from '../db/reset-token.repository.js';
import type { AdminDatabase } from '../db/database.js';

/**
 * A reset link for this admin: its token is stored hashed and PasswordResetRequested (which carries the
 * link to notification) goes out in the same transaction, so a link is mailed exactly when it works.
 */
export async function sendAdminResetLink(ctx: ServiceContext<AdminDatabase>, account: AdminRow): Promise<void> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + RESET_LINK_TTL_MS);
  const resetUrl = new URL('/reset-password', ctx.publicBaseUrl);
  resetUrl.searchParams.set('type', 'admin');
  resetUrl.searchParams.set('token', token);
  await ctx.transaction(async (trx) => {
    await insertResetToken(trx, { token_hash: hashToken(token), admin_id: account.id, expires_at: expiresAt });
    await ctx.emit(trx, [
      {
        type: 'PasswordResetRequested',
        data: {
          user_type: 'admin',
          email: account.email,
          reset_url: resetUrl.toString(),
          expires_at: expiresAt.toISOString(),
        },
      },
    ]);
  });
}
