import type { Kysely } from 'kysely';
import { scrubSecrets } from '../domain/sent-secrets.js';
import type { NotificationDatabase } from './database.js';

/** A delivery that failed for good will never be sent: its stored body drops its tokens too. */
export async function scrubFailedDelivery(db: Kysely<NotificationDatabase>, id: string): Promise<void> {
  const row = await db
    .selectFrom('deliveries')
    .select('body')
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  if (row) await scrubUnsent(db, [{ id, body: row.body }]);
}

/** Messages that will never be sent keep no bearer secret at rest (see sent-secrets.ts). */
export async function scrubUnsent(
  db: Kysely<NotificationDatabase>,
  rows: Array<{ id: string; body: string }>,
): Promise<void> {
  for (const row of rows) {
    const scrubbed = scrubSecrets(row.body);
    if (scrubbed !== row.body)
      await db.updateTable('deliveries').set({ body: scrubbed }).where('id', '=', row.id).execute();
  }
}
