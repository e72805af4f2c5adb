import { sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  // Every money holder is an account; a wallet's cached balance may never go below zero.
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('contractor_id', 'text', (c) => c.unique())
    .addColumn('balance_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('accounts_wallet_not_negative', sql`kind <> 'wallet' or balance_cents >= 0`)
    .execute();

  await db
    .insertInto('accounts')
    .values([
      { id: 'platform:revenue', kind: 'revenue' },
      { id: 'platform:payment_clearing', kind: 'clearing' },
      { id: 'platform:promotions', kind: 'promotions' },
    ])
    .execute();

  await db.schema
    .createTable('wallet_settings')
    .addColumn('contractor_id', 'text', (c) => c.primaryKey())
    .addColumn('auto_reload_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('auto_reload_threshold_cents', 'bigint', (c) => c.notNull().defaultTo(2000))
    .addColumn('auto_reload_amount_cents', 'bigint', (c) => c.notNull().defaultTo(10000))
    .addColumn('auto_reload_disabled_reason', 'text')
    .addColumn('stripe_customer_id', 'text')
    .addColumn('stripe_payment_method_id', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('contractor_id', 'text')
    // Idempotency key of the business fact (signup credit, checkout session, purchase, refund).
    .addColumn('reference', 'text', (c) => c.unique())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('ledger_transactions_contractor_idx')
    .on('ledger_transactions')
    .columns(['contractor_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('ledger_transactions_created_idx')
    .on('ledger_transactions')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('transaction_id', 'uuid', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ledger_entries_account_idx').on('ledger_entries').column('account_id').execute();
  await db.schema.createIndex('ledger_entries_transaction_idx').on('ledger_entries').column('transaction_id').execute();

  // Sellable leads with the price fixed at screening (or on first ask).
  await db.schema
    .createTable('leads')
    .addColumn('lead_id', 'uuid', (c) => c.primaryKey())
    .addColumn('service_category', 'text', (c) => c.notNull())
    .addColumn('sub_service', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('zip_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lead_type', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('is_test', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('lead_offers')
    .addColumn('lead_id', 'uuid', (c) => c.notNull())
    .addColumn('contractor_id', 'text', (c) => c.notNull())
    .addColumn('offered_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('lead_offers_pk', ['lead_id', 'contractor_id'])
    .execute();

  await db.schema
    .createTable('purchases')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('lead_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('contractor_id', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('balance_after_cents', 'bigint', (c) => c.notNull())
    .addColumn('transaction_id', 'uuid', (c) => c.notNull())
    .addColumn('service_category', 'text', (c) => c.notNull())
    .addColumn('sub_service', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('offered_at', 'timestamptz')
    .addColumn('purchased_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('archived_at', 'timestamptz')
    .addColumn('refunded_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('purchases_contractor_idx')
    .on('purchases')
    .columns(['contractor_id', 'purchased_at'])
    .execute();

  await db.schema
    .createTable('lead_prices')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('lead_type', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('lead_prices_pk', ['category', 'lead_type'])
    .execute();
  await db.schema
    .createTable('lead_price_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('lead_type', 'text', (c) => c.notNull())
    .addColumn('old_price_cents', 'bigint')
    .addColumn('new_price_cents', 'bigint', (c) => c.notNull())
    .addColumn('admin_id', 'text')
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // A funding attempt: a Checkout Session or an off-session auto-reload charge.
  await db.schema
    .createTable('funding_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('contractor_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('stripe_session_id', 'text', (c) => c.unique())
    .addColumn('stripe_payment_intent_id', 'text', (c) => c.unique())
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  // Never two auto-reload charges in flight for one contractor.
  await db.schema
    .createIndex('funding_one_pending_reload')
    .on('funding_sessions')
    .column('contractor_id')
    .unique()
    .where(sql.ref('kind'), '=', 'auto_reload')
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await db.schema
    .createTable('refund_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('purchase_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('lead_id', 'uuid', (c) => c.notNull())
    .addColumn('contractor_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('admin_notes', 'text')
    .addColumn('admin_id', 'text')
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'refund_requests',
    'funding_sessions',
    'lead_price_history',
    'lead_prices',
    'purchases',
    'lead_offers',
    'leads',
    'ledger_entries',
    'ledger_transactions',
    'wallet_settings',
    'accounts',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
