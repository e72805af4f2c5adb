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
  if (!row) return;
  const scrubbed = scrubSecrets(row.body);
  if (scrubbed !== row.body) await db.updateTable('deliveries').set({ body: scrubbed }).where('id', '=', id).execute();
}
