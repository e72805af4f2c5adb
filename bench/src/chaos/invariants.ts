import pg from 'pg';

export interface Invariant {
  name: string;
  held: boolean;
  detail: string;
}

const count = async (db: pg.Client, text: string, values: unknown[] = []): Promise<number> =>
  Number((await db.query<{ n: string }>(text, values)).rows[0]?.n ?? 0);

/** Leads accepted by the gateway that have no row or no verdict yet (still `screening`). */
export async function leadsWithoutVerdict(
  db: pg.Client,
  accepted: Set<string>,
): Promise<{ missing: number; pending: number }> {
  const ids = [...accepted];
  if (ids.length === 0) return { missing: 0, pending: 0 };
  const rows = (
    await db.query<{ id: string; status: string }>(
      'select id, status from lead_intake.leads where id = any($1::uuid[])',
      [ids],
    )
  ).rows;
  return { missing: ids.length - rows.length, pending: rows.filter((r) => r.status === 'screening').length };
}

/** Outbox rows not yet published (or abandoned), over every schema that has an outbox. */
export async function undrainedOutboxes(db: pg.Client): Promise<Record<string, number>> {
  const schemas = (
    await db.query<{ table_schema: string }>(
      "select table_schema from information_schema.tables where table_name = 'outbox' order by 1",
    )
  ).rows.map((r) => r.table_schema);
  const out: Record<string, number> = {};
  for (const s of schemas) {
    const n = await count(db, `select count(*) as n from "${s}".outbox where processed_at is null`);
    if (n > 0) out[s] = n;
  }
  return out;
}

/**
 * The end-of-run checks over all schemas: leads, sales, charges, money, outboxes, SMS. The
 * dead-letter queues and process exits are checked by the caller (they are not in the database).
 */
export async function checkInvariants(
  db: pg.Client,
  accepted: Set<string>,
  sms: Array<{ to: string; body: string }>,
): Promise<Invariant[]> {
  const results: Invariant[] = [];
  const add = (name: string, held: boolean, detail: string) => results.push({ name, held, detail });

  const verdicts = await leadsWithoutVerdict(db, accepted);
  add(
    'every accepted lead exists and has a final verdict',
    verdicts.missing === 0 && verdicts.pending === 0,
    `${accepted.size} accepted, ${verdicts.missing} missing, ${verdicts.pending} without verdict`,
  );

  const smsKeys = new Map<string, number>();
  for (const m of sms) smsKeys.set(`${m.to}|${m.body}`, (smsKeys.get(`${m.to}|${m.body}`) ?? 0) + 1);
  const duplicateSms = [...smsKeys.values()].filter((n) => n > 1).length;
  const doubleOffers = await count(
    db,
    `select count(*) as n from (select lead_id, contractor_id from notification.deliveries where kind = 'lead_offer'
       group by 1, 2 having count(*) > 1) d`,
  );
  const unknownSms = await count(db, `select count(*) as n from notification.deliveries where status = 'unknown'`);
  add(
    'at most one SMS per (lead, contractor)',
    duplicateSms === 0 && doubleOffers === 0,
    `${sms.length} SMS at the provider, ${duplicateSms} sent twice, ${doubleOffers} offers queued twice, ${unknownSms} marked unknown`,
  );

  const doubleSales = await count(
    db,
    'select count(*) as n from (select lead_id from wallet_ledger.purchases group by 1 having count(*) > 1) d',
  );
  const sales = await count(db, 'select count(*) as n from wallet_ledger.purchases');
  const soldLeads = await count(
    db,
    "select count(*) as n from lead_intake.leads where status in ('purchased', 'completed', 'archived')",
  );
  add(
    'at most one sale per lead',
    doubleSales === 0,
    `${sales} sales, ${doubleSales} leads sold twice, ${soldLeads} leads sold in lead-intake`,
  );

  // Every purchase charge belongs to exactly one recorded purchase.
  const charges = await count(
    db,
    "select count(*) as n from wallet_ledger.ledger_transactions where reference like 'purchase:%'",
  );
  const orphanCharges = await count(
    db,
    `select count(*) as n from wallet_ledger.ledger_transactions t
       where t.reference like 'purchase:%' and not exists (select 1 from wallet_ledger.purchases p where t.reference = 'purchase:' || p.id)`,
  );
  add(
    'no contractor charged twice',
    charges === sales && orphanCharges === 0,
    `${charges} purchase charges for ${sales} sales`,
  );

  // Only wallets cache a balance; platform accounts (revenue, …) are the sum of their entries.
  const badWallets = await count(
    db,
    `select count(*) as n from wallet_ledger.accounts a
       left join (select account_id, sum(amount_cents) as s from wallet_ledger.ledger_entries group by 1) e on e.account_id = a.id
       where a.kind = 'wallet' and a.balance_cents <> coalesce(e.s, 0)`,
  );
  const accounts = await count(db, "select count(*) as n from wallet_ledger.accounts where kind = 'wallet'");
  add('every wallet equals the sum of its entries', badWallets === 0, `${accounts} wallets, ${badWallets} off`);

  const unbalanced = await count(
    db,
    'select count(*) as n from (select transaction_id from wallet_ledger.ledger_entries group by 1 having sum(amount_cents) <> 0) t',
  );
  const transactions = await count(db, 'select count(*) as n from wallet_ledger.ledger_transactions');
  add(
    'every ledger transaction sums to zero',
    unbalanced === 0,
    `${transactions} transactions, ${unbalanced} unbalanced`,
  );

  const outboxes = await undrainedOutboxes(db);
  add(
    'outboxes drained',
    Object.keys(outboxes).length === 0,
    Object.keys(outboxes).length ? JSON.stringify(outboxes) : 'every outbox row published',
  );
  return results;
}
