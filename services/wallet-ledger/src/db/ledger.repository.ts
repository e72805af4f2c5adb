import { randomUUID } from 'node:crypto';
import { AUTO_RELOAD_DEFAULTS } from '@leadmarket/contracts';
import { prepared, preparedRead } from '@leadmarket/platform';
import { sql, type Kysely } from 'kysely';
import {
  assertBalanced,
  isWalletAccount,
  walletAccountOf,
  type EntryLine,
  type TransactionKind,
} from '../domain/ledger.js';
import type { WalletLedgerDatabase } from './database.js';

/** What a transaction records besides its entries. */
export interface PostingInput {
  kind: TransactionKind;
  contractorId: string | null;
  /** Idempotency key of the business fact; a second posting with the same key changes nothing. */
  reference: string;
  /** The amount shown in admin logs (the wallet side, positive or negative). */
  amountCents: number;
  description: string;
  createdBy?: string | null;
  lines: EntryLine[];
}

/** Create the wallet account and settings row of a contractor if missing. */
export async function ensureWallet(db: Kysely<WalletLedgerDatabase>, contractorId: string): Promise<void> {
  await db
    .insertInto('accounts')
    .values({ id: walletAccountOf(contractorId), kind: 'wallet', contractor_id: contractorId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('wallet_settings')
    .values({
      contractor_id: contractorId,
      auto_reload_enabled: AUTO_RELOAD_DEFAULTS.enabled,
      auto_reload_threshold_cents: AUTO_RELOAD_DEFAULTS.thresholdDollars * 100,
      auto_reload_amount_cents: AUTO_RELOAD_DEFAULTS.amountDollars * 100,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Lock a wallet row for the rest of the transaction (serialises one contractor's money moves); its
 * balance. One statement when the wallet and its settings row exist (every registered contractor's
 * do); otherwise they are created first and the row is locked after.
 */
export async function lockWallet(trx: Kysely<WalletLedgerDatabase>, contractorId: string): Promise<number> {
  const existing = await lockWalletStatement(trx, contractorId);
  if (existing?.has_settings) return Number(existing.balance_cents);
  await ensureWallet(trx, contractorId);
  const row = await lockWalletStatement(trx, contractorId);
  return Number(row!.balance_cents);
}

/** The wallet's account, locked, and whether its settings row exists; compiled once and prepared (docs/adr/0027). */
const lockWalletRead = preparedRead((db: Kysely<WalletLedgerDatabase>, p: { account: string }) =>
  db
    .selectFrom('accounts')
    .leftJoin('wallet_settings', 'wallet_settings.contractor_id', 'accounts.contractor_id')
    .select(['accounts.balance_cents', sql<boolean>`wallet_settings.contractor_id is not null`.as('has_settings')])
    .where('accounts.id', '=', p.account)
    .forUpdate('accounts'),
);

const lockWalletStatement = async (trx: Kysely<WalletLedgerDatabase>, contractorId: string) =>
  (await lockWalletRead(trx, { account: walletAccountOf(contractorId) }))[0];

/** What a sale reads with its wallet lock (lockWalletForSale). */
export interface SaleWallet {
  balance: number;
  /** When the lead was offered to the buyer, read now (after the lead's lock); null: not offered. */
  offeredAt: Date | null;
  /** What the buyer serves (its live target), read now; null: no live target. */
  target: { industry: string; sub_service: string; zip_codes: string[] } | null;
}

/**
 * lockWallet for a sale, with the buyer's offer of the lead and its live target read in the same
 * statement: a sale of a lead not offered to the buyer in the lead lock's snapshot must ask for the
 * offer again and, failing it, whether the buyer serves the lead (docs/adr/0028), and both reads,
 * made after the lead's lock like the two statements they replace, ride on the wallet's round trip.
 */
export async function lockWalletForSale(
  trx: Kysely<WalletLedgerDatabase>,
  contractorId: string,
  leadId: string,
): Promise<SaleWallet> {
  const p = { account: walletAccountOf(contractorId), contractorId, leadId };
  let [row] = await lockWalletForSaleRead(trx, p);
  if (!row?.has_settings) {
    await ensureWallet(trx, contractorId);
    [row] = await lockWalletForSaleRead(trx, p);
  }
  const target = row!.target;
  return {
    balance: Number(row!.balance_cents),
    offeredAt: row!.offered_at === null ? null : new Date(row!.offered_at),
    target: target && {
      industry: target.industry,
      sub_service: target.sub_service,
      zip_codes: typeof target.zip_codes === 'string' ? JSON.parse(target.zip_codes) : target.zip_codes,
    },
  };
}

/** lockWalletForSale's statement, compiled once and prepared (docs/adr/0027): every sale. */
const lockWalletForSaleRead = preparedRead(
  (db: Kysely<WalletLedgerDatabase>, p: { account: string; contractorId: string; leadId: string }) =>
    db
      .selectFrom('accounts')
      .leftJoin('wallet_settings', 'wallet_settings.contractor_id', 'accounts.contractor_id')
      .select((eb) => [
        'accounts.balance_cents',
        sql<boolean>`wallet_settings.contractor_id is not null`.as('has_settings'),
        eb
          .selectFrom('lead_offers')
          .select('offered_at')
          .where('lead_id', '=', p.leadId)
          .where('contractor_id', '=', p.contractorId)
          .as('offered_at'),
        eb
          .selectFrom('contractor_targets')
          .select(
            sql<{
              industry: string;
              sub_service: string;
              zip_codes: string[] | string;
            }>`json_build_object('industry', industry, 'sub_service', sub_service, 'zip_codes', zip_codes)`.as('f'),
          )
          .where('contractor_id', '=', p.contractorId)
          .where('deleted', '=', false)
          .as('target'),
      ])
      .where('accounts.id', '=', p.account)
      .forUpdate('accounts'),
);

/** A wallet's cached balance (0 when it has none yet). */
export async function walletBalance(db: Kysely<WalletLedgerDatabase>, contractorId: string): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select('balance_cents')
    .where('id', '=', walletAccountOf(contractorId))
    .executeTakeFirst();
  return Number(row?.balance_cents ?? 0);
}

/**
 * A platform account's balance (revenue, clearing, promotions): the sum of its entries, read now.
 * Platform accounts keep no cached balance, so no posting ever locks a marketplace-wide row.
 */
export async function platformBalance(db: Kysely<WalletLedgerDatabase>, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('total'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Post a balanced transaction: the header, its entries and the cached balance of every wallet it
 * touches, in the caller's transaction and in ONE statement (data-modifying CTEs; each statement is a
 * round trip). Returns null when `reference` was already posted: the header's insert then
 * returns nothing, and the entries and balances, which read it, change nothing.
 * Platform accounts get entries only (their balance is summed when read, see platformBalance):
 * updating one shared revenue row would make every purchase in the marketplace wait for the one
 * before it to commit. A wallet going below zero violates the accounts check and aborts the caller.
 */
export async function postTransaction(
  trx: Kysely<WalletLedgerDatabase>,
  input: PostingInput,
): Promise<{ id: string; balances: Map<string, number> } | null> {
  assertBalanced(input.lines);
  // Each wallet's change summed here, so the update meets each wallet row once.
  const walletDeltas = new Map<string, number>();
  for (const line of input.lines)
    if (isWalletAccount(line.accountId))
      walletDeltas.set(line.accountId, (walletDeltas.get(line.accountId) ?? 0) + line.amountCents);
  const { rows } = await postStatement(trx, {
    id: randomUUID(),
    kind: input.kind,
    contractorId: input.contractorId,
    reference: input.reference,
    amountCents: input.amountCents,
    description: input.description,
    createdBy: input.createdBy ?? null,
    lineAccounts: input.lines.map((l) => l.accountId),
    lineAmounts: input.lines.map((l) => l.amountCents),
    walletIds: [...walletDeltas.keys()],
    walletDeltas: [...walletDeltas.values()],
  });
  const first = rows[0];
  if (!first) return null;
  const balances = new Map<string, number>();
  for (const row of rows) if (row.account_id !== null) balances.set(row.account_id, Number(row.balance_cents));
  // A wallet line whose account does not exist updates nothing: refuse it as the row-by-row update did.
  for (const walletId of walletDeltas.keys())
    if (!balances.has(walletId)) throw new Error(`postTransaction: no wallet account ${walletId}`);
  return { id: first.id, balances };
}

interface PostParams {
  id: string;
  kind: TransactionKind;
  contractorId: string | null;
  reference: string;
  amountCents: number;
  description: string;
  createdBy: string | null;
  lineAccounts: string[];
  lineAmounts: number[];
  walletIds: string[];
  walletDeltas: number[];
}

/** postTransaction's statement, compiled once and prepared (docs/adr/0027): lines and wallets go in as arrays. */
const postStatement = prepared((db: Kysely<WalletLedgerDatabase>, p: PostParams) =>
  db
    .with('tx', (q) =>
      q
        .insertInto('ledger_transactions')
        .values({
          id: p.id,
          kind: p.kind,
          contractor_id: p.contractorId,
          reference: p.reference,
          amount_cents: p.amountCents,
          description: p.description,
          created_by: p.createdBy,
        })
        .onConflict((oc) => oc.column('reference').doNothing())
        .returning('id'),
    )
    .with('entries', (q) =>
      q
        .insertInto('ledger_entries')
        .columns(['transaction_id', 'account_id', 'amount_cents'])
        // In the lines' order, so entry ids keep the order the caller wrote them in.
        .expression(
          sql`select tx.id, l.account_id, l.amount_cents
                from tx cross join unnest(${p.lineAccounts}::text[], ${p.lineAmounts}::bigint[])
                  with ordinality as l(account_id, amount_cents, n)
               order by l.n`,
        ),
    )
    // Each wallet found by its key (`= any`) and given its delta by a subquery, not by joining the
    // accounts with the unnested list: a generic plan of that join, made while the table was small,
    // can scan every account for every posting (ADR 0027's addendum, notification's markAllSent).
    .with('wallets', (q) =>
      q
        .updateTable('accounts')
        .set({
          balance_cents: sql`accounts.balance_cents + (select d.delta from unnest(${p.walletIds}::text[], ${p.walletDeltas}::bigint[]) as d(id, delta) where d.id = accounts.id)`,
        })
        .where(sql<boolean>`accounts.id = any(${p.walletIds}::text[])`)
        .where(sql<boolean>`exists (select 1 from tx)`)
        .returning(['id', 'balance_cents']),
    )
    .selectFrom('tx')
    .leftJoin('wallets', (join) => join.onTrue())
    .select(['tx.id', 'wallets.id as account_id', 'wallets.balance_cents']),
);

/** The consistency check: transactions whose entries do not sum to zero, wallets whose cache differs from their entries. */
export async function checkLedger(db: Kysely<WalletLedgerDatabase>) {
  const unbalanced = await db
    .selectFrom('ledger_entries')
    .select(['transaction_id', sql<number>`sum(amount_cents)`.as('sum_cents')])
    .groupBy('transaction_id')
    .having(sql`sum(amount_cents)`, '<>', 0)
    .execute();
  const counted = await db
    .selectFrom('ledger_transactions')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const mismatches = await db
    .selectFrom('accounts as a')
    .leftJoin(
      db
        .selectFrom('ledger_entries')
        .select(['account_id', sql<number>`sum(amount_cents)`.as('total')])
        .groupBy('account_id')
        .as('e'),
      'e.account_id',
      'a.id',
    )
    .select([
      'a.id as account_id',
      'a.contractor_id',
      'a.balance_cents',
      sql<number>`coalesce(e.total, 0)`.as('entries_cents'),
    ])
    // Only wallets cache a balance (platform accounts are summed when read; their column stays 0).
    .where('a.kind', '=', 'wallet')
    .where(sql<boolean>`a.balance_cents <> coalesce(e.total, 0)`)
    .execute();
  const negative = await db
    .selectFrom('accounts')
    .select(['id', 'balance_cents'])
    .where('kind', '=', 'wallet')
    .where('balance_cents', '<', 0)
    .execute();
  return {
    ok: unbalanced.length === 0 && mismatches.length === 0 && negative.length === 0,
    transactions_checked: Number(counted.n),
    unbalanced: unbalanced.map((u) => ({ transaction_id: u.transaction_id, sum_cents: Number(u.sum_cents) })),
    wallet_mismatches: mismatches.map((m) => ({
      account_id: m.account_id,
      contractor_id: m.contractor_id,
      balance_cents: Number(m.balance_cents),
      entries_cents: Number(m.entries_cents),
    })),
    negative_wallets: negative.map((n) => ({ account_id: n.id, balance_cents: Number(n.balance_cents) })),
  };
}

/** One page of every ledger transaction, newest first, with the count of all of them (the admin's list). */
export async function ledgerTransactionsPage(db: Kysely<WalletLedgerDatabase>, page: number, limit: number) {
  const total = await db
    .selectFrom('ledger_transactions')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('ledger_transactions')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { rows, total: Number(total.n) };
}

/** Contractors who bought a lead or added funds since the given time. */
export async function activeContractorCount(db: Kysely<WalletLedgerDatabase>, since: Date): Promise<number> {
  const active = await db
    .selectFrom('ledger_transactions')
    .select(sql<number>`count(distinct contractor_id)`.as('n'))
    .where('kind', 'in', ['lead_purchase', 'wallet_funding', 'auto_reload'])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(active.n);
}

/** Every entry of a contractor's wallet account (amount and time), for the weekly summaries. */
export function walletEntriesOf(db: Kysely<WalletLedgerDatabase>, contractorId: string) {
  return db
    .selectFrom('ledger_entries')
    .select(['amount_cents', 'created_at'])
    .where('account_id', '=', walletAccountOf(contractorId))
    .execute();
}
