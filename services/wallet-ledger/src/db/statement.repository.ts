import type { WalletStatement } from '@leadmarket/contracts';
import { sql, type Kysely } from 'kysely';
import { walletAccountOf } from '../domain/ledger.js';
import { statementLabel } from '../domain/statement.js';

/**
 * A page of a contractor's wallet statement, newest first. The running balance is the sum of the
 * wallet's entries up to and including each one, in entry order: every money move of one wallet
 * locks the wallet row first (lockWallet), so entry ids follow the order the moves committed in,
 * and the newest line's balance is the wallet's balance.
 */
export async function walletStatement(
  db: Kysely<any>,
  contractorId: string,
  page: { limit: number; offset: number },
): Promise<WalletStatement> {
  const account = walletAccountOf(contractorId);
  const lines = db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .leftJoin('purchases as p', 'p.transaction_id', 't.id')
    // A refund's transaction is referenced as refund:<refund id>; its purchase names the lead.
    .leftJoin('refund_requests as r', (j) => j.on(sql<boolean>`t.reference = 'refund:' || r.id::text`))
    .leftJoin('purchases as rp', 'rp.id', 'r.purchase_id')
    // An automatic credit and its reversal name their purchase through the credit row.
    .leftJoin('auto_credits as ac', (j) =>
      j.on((eb) =>
        eb.or([eb('ac.transaction_id', '=', eb.ref('t.id')), eb('ac.reversal_transaction_id', '=', eb.ref('t.id'))]),
      ),
    )
    .leftJoin('purchases as ap', 'ap.id', 'ac.purchase_id')
    .select([
      'e.id as entry_id',
      't.id as transaction_id',
      't.created_at as occurred_at',
      't.kind',
      't.description',
      'e.amount_cents',
      sql<string>`sum(e.amount_cents) over (order by e.id)`.as('balance_after_cents'),
      sql<string | null>`coalesce(p.lead_id, r.lead_id, ap.lead_id)`.as('lead_id'),
      sql<string | null>`coalesce(p.service_category, rp.service_category, ap.service_category)`.as('service_category'),
      sql<string | null>`coalesce(p.sub_service, rp.sub_service, ap.sub_service)`.as('sub_service'),
      sql<string | null>`coalesce(p.zip_code, rp.zip_code, ap.zip_code)`.as('zip_code'),
    ])
    .where('e.account_id', '=', account);
  const [rows, counted, wallet] = await Promise.all([
    db
      .selectFrom(lines.as('s'))
      .selectAll()
      .orderBy('s.entry_id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('ledger_entries')
      .select(sql<string>`count(*)`.as('n'))
      .where('account_id', '=', account)
      .executeTakeFirstOrThrow(),
    db.selectFrom('accounts').select('balance_cents').where('id', '=', account).executeTakeFirst(),
  ]);
  return {
    balance_cents: Number(wallet?.balance_cents ?? 0),
    total: Number(counted.n),
    entries: rows.map((r) => ({
      transaction_id: String(r.transaction_id),
      occurred_at: new Date(r.occurred_at as string).toISOString(),
      kind: String(r.kind),
      label: statementLabel({
        kind: String(r.kind),
        description: String(r.description ?? ''),
        service_category: (r.service_category as string | null) ?? null,
        sub_service: (r.sub_service as string | null) ?? null,
        zip_code: (r.zip_code as string | null) ?? null,
      }),
      lead_id: r.lead_id == null ? null : String(r.lead_id),
      amount_cents: Number(r.amount_cents),
      balance_after_cents: Number(r.balance_after_cents),
    })),
  };
}
