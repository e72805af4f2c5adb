import { sql, type Migration } from 'kysely';
import type { AnySchemaDb } from './any-schema.js';

/** Tables every service has in its own schema: the transactional outbox and the idempotent inbox. */
export const platformMigrations: Record<string, Migration> = {
  '0000_00_00_0000_platform_outbox_inbox': {
    async up(db: AnySchemaDb) {
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('envelope', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'timestamptz')
        .addColumn('processed_at', 'timestamptz')
        .addColumn('abandoned_at', 'timestamptz')
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createIndex('outbox_pending_idx')
        .on('outbox')
        .column('created_at')
        .where(sql.ref('processed_at'), 'is', null)
        .execute();
      await db.schema
        .createTable('inbox')
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('consumer', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('inbox_pk', ['event_id', 'consumer'])
        .execute();
    },
  },
};
