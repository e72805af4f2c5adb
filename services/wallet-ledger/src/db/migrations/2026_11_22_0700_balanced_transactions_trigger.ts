import { sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here.
// A second line of defence behind assertBalanced(): at COMMIT, PostgreSQL itself refuses a ledger
// transaction whose entries do not sum to zero (a deferred constraint trigger runs on PG 15 and PGlite).
// Raw SQL is not schema-scoped, so the schema is named here (schemaOf('wallet-ledger')).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function wallet_ledger.ledger_transaction_balanced() returns trigger language plpgsql as $fn$
    declare
      total bigint;
    begin
      execute format('select coalesce(sum(amount_cents), 0) from %I.ledger_entries where transaction_id = $1', TG_TABLE_SCHEMA)
        into total using NEW.transaction_id;
      if total <> 0 then
        raise exception 'ledger transaction % does not balance (sum %)', NEW.transaction_id, total using errcode = '23514';
      end if;
      return null;
    end
    $fn$`.execute(db);
  await sql`
    create constraint trigger ledger_entries_balanced
      after insert or update on wallet_ledger.ledger_entries
      deferrable initially deferred
      for each row execute function wallet_ledger.ledger_transaction_balanced()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists ledger_entries_balanced on wallet_ledger.ledger_entries`.execute(db);
  await sql`drop function if exists wallet_ledger.ledger_transaction_balanced()`.execute(db);
}
