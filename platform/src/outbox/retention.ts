import { sql } from 'kysely';
import { envInt, loadConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { intervalJob, type BackgroundJob } from '../service/background-job.js';
import { z } from 'zod';
import type { AnySchemaDb } from '../db/any-schema.js';

export const RetentionConfigSchema = z.object({
  /** Hours a published outbox row is kept (a record for operators), then deleted. */
  OUTBOX_RETENTION_HOURS: envInt(24, 1),
  /** How often each service looks for outbox rows past their retention. */
  OUTBOX_PRUNE_INTERVAL_MS: envInt(10 * 60_000, 1000),
});

export const outboxRetentionConfig = (env: Record<string, string | undefined>) =>
  loadConfig(RetentionConfigSchema, env as NodeJS.ProcessEnv);

/**
 * Delete published outbox rows older than `hours` (by when they were published), in batches so a
 * large backlog never holds one long transaction. Unpublished and abandoned rows are kept: they are
 * work still to do or evidence for an operator. Returns how many rows were deleted.
 */
export async function pruneOutbox(db: AnySchemaDb, hours: number, batchSize = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db
      .deleteFrom('outbox')
      .where(
        'id',
        'in',
        db
          .selectFrom('outbox')
          .select('id')
          .where('processed_at', 'is not', null)
          .where('processed_at', '<', sql<Date>`now() - make_interval(hours => ${hours})`)
          .limit(batchSize),
      )
      .returning('id')
      .execute();
    total += deleted.length;
    if (deleted.length < batchSize) return total;
  }
}

/** The periodic prune every service runs (several instances may run it at once: deleting is idempotent). */
export function outboxRetentionJob(
  db: AnySchemaDb,
  env: Record<string, string | undefined>,
  logger: Logger,
): BackgroundJob {
  const config = outboxRetentionConfig(env);
  return intervalJob('outbox-retention', config.OUTBOX_PRUNE_INTERVAL_MS, logger, async () => {
    const pruned = await pruneOutbox(db, config.OUTBOX_RETENTION_HOURS);
    if (pruned > 0) logger.info({ pruned, hours: config.OUTBOX_RETENTION_HOURS }, 'pruned published outbox rows');
  });
}
