import { sql, type Kysely } from 'kysely';

/**
 * Webhooks to the contractors' own tools: endpoints (the signing secret encrypted with the server's
 * WEBHOOK_SECRET_KEY), messages (one per event and endpoint; their id is the webhook-id of every
 * attempt and replay) and the attempts of the delivery log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('contractor_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('events', sql`text[]`, (c) => c.notNull())
    // AES-256-GCM of the whsec_ secret: iv.tag.ciphertext, base64url.
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('secret_hint', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('enabled'))
    .addColumn('disabled_reason', 'text')
    .addColumn('disabled_at', 'timestamptz')
    // A message that fails for its whole window with no success meanwhile disables the endpoint.
    .addColumn('last_success_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_contractor_idx')
    .on('webhook_endpoints')
    .column('contractor_id')
    .execute();

  await db.schema
    .createTable('webhook_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'uuid', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('contractor_id', 'text', (c) => c.notNull())
    // e.g. lead.purchased:<lead>: a redelivered event queues nothing new for the same endpoint.
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'uuid')
    // The exact body every attempt signs and sends.
    .addColumn('body', 'text', (c) => c.notNull())
    // pending → sending → delivered | failed; a replay puts it back to pending.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('trigger', 'text', (c) => c.notNull().defaultTo('scheduled'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    // The retry window runs from here (the first queueing, or the last replay).
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('delivered_at', 'timestamptz')
    .addUniqueConstraint('webhook_messages_event_endpoint', ['endpoint_id', 'event_key'])
    .execute();
  await db.schema
    .createIndex('webhook_messages_due_idx')
    .on('webhook_messages')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('webhook_messages_lead_idx').on('webhook_messages').column('lead_id').execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull().references('webhook_messages.id').onDelete('cascade'))
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_bytes', 'integer')
    .addColumn('error', 'text')
    .addColumn('trigger', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_attempts_message_idx').on('webhook_attempts').column('message_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_messages').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
