import { sql, type Kysely } from 'kysely';
import type { NotificationDatabase } from './database.js';

/**
 * Erase the customer from the messages sent to them about one lead (kinds customer_update and
 * contact_code): the
 * recipient and text go, the row stays as a record that a message was sent. One not yet sent is
 * not sent any more.
 */
export async function eraseCustomerDeliveries(db: Kysely<NotificationDatabase>, leadId: string): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({
      recipient: 'erased',
      subject: sql`case when subject is null then null else 'erased' end`,
      body: 'Erased: the lead was deleted.',
      status: sql`case when status = 'pending' then 'failed' else status end`,
      last_error: sql`case when status = 'pending' then 'lead deleted before sending' else last_error end`,
    })
    .where('lead_id', '=', leadId)
    .where('kind', 'in', ['customer_update', 'contact_code'])
    .execute();
}
