import { intervalJob, type BackgroundJob, type ServiceContext } from '@leadmarket/platform';
import { purgeOldResetTokens } from '../db/reset-token.repository.js';
import { purgeExpiredSessions } from '../db/session.repository.js';
import type { ContractorsContext } from '../context.js';
import type { ContractorsDatabase } from '../db/database.js';

const HOUR_MS = 60 * 60 * 1000;

/** Delete expired sessions and old reset tokens; both already grant nothing, this only keeps the tables small. */
export async function purgeExpired(
  ctx: Pick<ServiceContext<ContractorsDatabase>, 'db'>,
): Promise<{ sessions: number; resetTokens: number }> {
  return { sessions: await purgeExpiredSessions(ctx.db), resetTokens: await purgeOldResetTokens(ctx.db) };
}

/** The hourly housekeeping job. */
export const housekeepingJobs = (ctx: ContractorsContext): BackgroundJob[] => [
  intervalJob('contractors-purge-expired', HOUR_MS, ctx.logger, async () => {
    const purged = await purgeExpired(ctx);
    if (purged.sessions || purged.resetTokens) ctx.logger.info(purged, 'purged expired sessions and reset tokens');
  }),
];
