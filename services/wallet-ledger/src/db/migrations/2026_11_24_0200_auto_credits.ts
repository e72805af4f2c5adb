import { sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here.
/**
 * Automatic credits (docs/adr/0012): one per purchase at most (UNIQUE purchase_id), with
 * the rule, the reason in words, the evidence and both ledger transactions (credit, reversal).
 * `customer_unreachable_facts` keeps a permanent SMS failure that arrived before the purchase was
 * known here; `purchase_fingerprints` the keyed hash of each purchase's customer phone for the
 * 30-day repeat check (pruned after 31 days; erased when the lead is deleted).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auto_credits')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('purchase_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('lead_id', 'uuid', (c) => c.notNull())
    .addColumn('contractor_id', 'text', (c) => c.notNull())
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('evidence', 'jsonb', (c) => c.notNull())
    .addColumn('observed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('transaction_id', 'uuid', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('credited_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('reversed_at', 'timestamptz')
    .addColumn('reversed_by', 'text')
    .addColumn('reversal_notes', 'text')
    .addColumn('reversal_transaction_id', 'uuid')
    .execute();
  await db.schema
    .createIndex('auto_credits_contractor_idx')
    .on('auto_credits')
    .columns(['contractor_id', 'credited_at'])
    .execute();

  await db.schema
    .createTable('customer_unreachable_facts')
    .addColumn('lead_id', 'uuid', (c) => c.primaryKey())
    .addColumn('evidence', 'jsonb', (c) => c.notNull())
    .addColumn('failed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('purchase_fingerprints')
    .addColumn('purchase_id', 'uuid', (c) => c.primaryKey())
    .addColumn('lead_id', 'uuid', (c) => c.notNull())
    .addColumn('contractor_id', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('purchased_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('purchase_fingerprints_match_idx')
    .on('purchase_fingerprints')
    .columns(['contractor_id', 'fingerprint', 'purchased_at'])
    .execute();
  await db.schema
    .createIndex('purchase_fingerprints_time_idx')
    .on('purchase_fingerprints')
    .column('purchased_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('purchase_fingerprints').ifExists().execute();
  await db.schema.dropTable('customer_unreachable_facts').ifExists().execute();
  await db.schema.dropTable('auto_credits').ifExists().execute();
}
