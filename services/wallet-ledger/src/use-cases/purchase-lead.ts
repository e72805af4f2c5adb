import { randomUUID } from 'node:crypto';
import { capRefusal, MESSAGES } from '@leadmarket/contracts';
import {
  conflict,
  forbidden,
  HttpError,
  notFound,
  prepared,
  preparedRead,
  transactionHandingOff,
  type ServiceContext,
} from '@leadmarket/platform';
import { lockWallet, lockWalletForSale, postTransaction } from '../db/ledger.repository.js';
import { saleFactsOf } from '../db/sale-facts.repository.js';
import { spendLimitsOf } from '../db/spend.repository.js';
import { targetServes } from '../db/targets.repository.js';
import { needsReload } from '../domain/funding.js';
import { purchaseLines, walletAccountOf } from '../domain/ledger.js';
import { creditsAtSale } from './auto-credits.js';
import { lowBalanceEventsFrom } from './low-balance.js';
import { soldLeadsOf, type SoldLeads } from './sold-leads.js';
import { sql, type Kysely } from 'kysely';
import type { WalletLedgerDatabase } from '../db/database.js';

/** Texts of our own for leads that cannot be bought (the spec has none). */
export const PURCHASE_MESSAGES = {
  notFound: 'Lead not found',
  sold: 'This lead has already been purchased by another contractor.',
  unavailable: (status: string) => `This lead is no longer available (${status}).`,
  notForYou: 'This lead is outside your service area and was not offered to you, so it cannot be purchased.',
  changed: 'This lead changed while you were buying it. Please try again.',
} as const;

export interface PurchaseOutcome {
  purchaseId: string;
  leadId: string;
  contractorId: string;
  priceCents: number;
  balanceCents: number;
  /** True when this was a retry of a purchase already made by the same contractor. */
  replayed: boolean;
  /** The sale left the balance under the auto-reload threshold (as read under its wallet lock). */
  belowReloadThreshold: boolean;
  purchasedAt: Date;
}

/**
 * Sell a lead to a contractor in ONE transaction: lock the lead (serialises buyers of one lead),
 * lock the wallet (serialises one contractor's spending), insert the purchase (UNIQUE per lead),
 * post the ledger entries, update the cached balance and write LeadPurchased to the outbox; an
 * automatic credit the sale earns (a customer already known unreachable, a repeat of a customer
 * this contractor bought within 30 days) is granted in the same transaction.
 * A retry by the buyer answers the same success; everyone else gets a clean 4xx.
 *
 * A sale of an available lead is six statements (each is a round trip): the lead with
 * its purchase and the buyer's offer, the wallet, the sale's facts (the caps with the spend so far,
 * the low-balance and auto-reload settings, what the automatic credits need), the posting, the
 * purchase with the lead's new status and the customer's fingerprint, the outbox.
 * What each may read from its snapshot: docs/adr/0028-a-sale-in-six-statements.md.
 */
export async function purchaseLead(
  ctx: ServiceContext<WalletLedgerDatabase>,
  input: { leadId: string; contractorId: string; channel: 'dashboard' | 'claim' },
): Promise<PurchaseOutcome> {
  const { leadId, contractorId } = input;
  const sold = soldLeadsOf(ctx);
  // Checked once a connection is ours and before its transaction begins: a loser that waited for
  // one has often waited for the winner's commit too, and is then refused without a statement.
  const outcome = await ctx.db.connection().execute(async (connection) => {
    const knownBuyer = sold.buyerOf(leadId);
    if (knownBuyer !== undefined && knownBuyer !== contractorId) throw conflict(PURCHASE_MESSAGES.sold);
    // Its LeadPurchased is handed to the relay after commit, with no NOTIFY (docs/adr/0054).
    return transactionHandingOff(connection, (trx) => sellInTransaction(ctx, trx, input, sold));
  });
  // Committed (a replay was committed earlier): this lead is this buyer's for good.
  sold.remember(leadId, contractorId);
  return outcome;
}

/** The sale itself, in the transaction `purchaseLead` opened. */
async function sellInTransaction(
  ctx: ServiceContext<WalletLedgerDatabase>,
  trx: Kysely<WalletLedgerDatabase>,
  input: { leadId: string; contractorId: string; channel: 'dashboard' | 'claim' },
  sold: SoldLeads,
): Promise<PurchaseOutcome> {
  const { leadId, contractorId, channel } = input;
  const found = await lockLeadForPurchase(trx, leadId, contractorId);
  if (!found) throw notFound(PURCHASE_MESSAGES.notFound);
  // Locked only while available (ADR 0028 addendum): a lead sold during the wait for its lock is
  // not locked at all, so the race's losers never queue behind one another holding it.
  if (found.locked_id === null || found.purchase_id !== null) {
    // Another contractor's purchase committed before the statement began: sold to them, whatever
    // happened to it since (a purchase's buyer never changes).
    if (found.buyer_id !== null && found.buyer_id !== contractorId) {
      sold.remember(leadId, found.buyer_id);
      throw conflict(PURCHASE_MESSAGES.sold);
    }
    return refusalOrReplay(trx, leadId, contractorId, sold);
  }
  // The sale's details from the locked row (every column of `locked` is set when it is).
  const lead = {
    lead_id: leadId,
    service_category: found.service_category!,
    sub_service: found.sub_service!,
    zip_code: found.zip_code!,
    price_cents: found.price_cents!,
    offered_at: found.offered_at,
  };
  // An offer not in the snapshot may have arrived during the wait for the lock: asked again, now,
  // with the wallet's lock (its statement comes after the lead's lock), with the buyer's target.
  const wallet = await lockWalletForSale(trx, contractorId, leadId);
  const offeredAt = lead.offered_at ?? wallet.offeredAt;
  // The dashboard sells only what it lists: a lead offered to the buyer or in its trade and area.
  // A claim was already proven by its token, which the claim checked is bound to this contractor.
  if (channel === 'dashboard' && offeredAt === null && !targetServes(wallet.target, lead))
    throw forbidden(PURCHASE_MESSAGES.notForYou);

  const price = Number(lead.price_cents);
  const balance = wallet.balance;
  // Hard caps, under the same wallet lock as the balance: parallel purchases of one contractor
  // queue here, so each one sees the spend of those committed before it. Everything else the sale
  // decides from after its locks comes in the same statement (docs/adr/0028).
  const now = new Date();
  const facts = await saleFactsOf(trx, {
    contractorId,
    leadId,
    fingerprint: found.customer_fingerprint ?? null,
    now,
  });
  const { caps, spent } = facts;
  const refusal = capRefusal(caps, spent, price, now);
  if (refusal)
    throw new HttpError(402, refusal.message, undefined, {
      cap: refusal.cap,
      resets_at: refusal.resets_at,
      price_cents: price,
    });
  if (balance < price)
    throw new HttpError(402, MESSAGES.contractor.insufficientBalance, undefined, {
      balance_cents: balance,
      price_cents: price,
    });

  const purchaseId = randomUUID();
  const posted = await postTransaction(trx, {
    kind: 'lead_purchase',
    contractorId,
    reference: `purchase:${purchaseId}`,
    amountCents: -price,
    description: `Lead purchase: ${lead.service_category}${lead.sub_service ? ` / ${lead.sub_service}` : ''} (${lead.zip_code}) lead ${leadId.slice(0, 8)}`,
    lines: purchaseLines(contractorId, price),
  });
  const newBalance = posted!.balances.get(walletAccountOf(contractorId))!;
  await recordSale(trx, {
    purchaseId,
    leadId,
    contractorId,
    priceCents: price,
    channel,
    balanceAfterCents: newBalance,
    transactionId: posted!.id,
    serviceCategory: lead.service_category,
    subService: lead.sub_service,
    zipCode: lead.zip_code,
    offeredAt,
    fingerprint: found.customer_fingerprint ?? null,
    now,
  });
  // This purchase counts in today's and this week's spend (it is `now`, not refunded): matching's
  // copy of the caps is the one read under the lock plus it, with no second read.
  const spentAfter = { today_cents: spent.today_cents + price, this_week_cents: spent.this_week_cents + price };
  await ctx.emit(trx, [
    // The buyer's new balance and spend ride on LeadPurchased, not on a WalletBalanceChanged of
    // their own: one event per sale, so each follower takes one delivery (docs/adr/0051).
    {
      type: 'LeadPurchased',
      data: {
        lead_id: leadId,
        contractor_id: contractorId,
        purchase_id: purchaseId,
        price_cents: price,
        channel,
        purchased_at: now.toISOString(),
        balance_after_cents: newBalance,
        spend_limits: spendLimitsOf(caps, spentAfter, now),
      },
    },
    // The contractor's latest purchase is this one: its category stands in for missing targets.
    ...lowBalanceEventsFrom(
      {
        ...facts.lowBalance,
        category: facts.lowBalance.target ?? { category: lead.service_category, sub_service: lead.sub_service },
      },
      contractorId,
      balance,
      newBalance,
      'lead_purchase',
    ),
  ]);
  // The automatic credits a sale can earn at once, in its own transaction: everything they need was
  // known before it (docs/adr/0043), so no answer from another service is awaited.
  const credited = await creditsAtSale(trx, (events) => ctx.emit(trx, events), {
    purchaseId,
    leadId,
    contractorId,
    customerFingerprint: found.customer_fingerprint ?? null,
    purchasedAt: now,
    unreachable: facts.unreachable,
    customerPurchases: facts.customerPurchases,
  });
  const balanceCents = credited ? await lockWallet(trx, contractorId) : newBalance;
  return {
    purchaseId,
    leadId,
    contractorId,
    priceCents: price,
    balanceCents,
    replayed: false,
    belowReloadThreshold: needsReload(facts.autoReload, balanceCents),
    purchasedAt: now,
  };
}

/**
 * One statement for what a sale reads before the wallet: the lead's sale details, locked, only if it
 * is available (`locked_id` null otherwise); its status, its purchase if any and when it was offered to
 * `contractorId` from the statement's snapshot. Under READ COMMITTED a buyer that waits for the lock
 * of a lead another sale marks sold finds, once that sale commits, that the locked row no longer
 * matches `status = 'available'` (PostgreSQL re-checks it) and takes no lock; the sale details come
 * from the locked row, the latest version, never from the snapshot. Compiled once and prepared
 * (docs/adr/0027): the race's 199 losers of 200 each send only this, and parsing and planning its
 * joins was most of their PostgreSQL time.
 */
const lockLeadStatement = preparedRead(
  (db: Kysely<WalletLedgerDatabase>, p: { leadId: string; contractorId: string }) =>
    db
      .with('locked', (db) =>
        db
          .selectFrom('leads')
          .select(['lead_id', 'service_category', 'sub_service', 'zip_code', 'price_cents', 'customer_fingerprint'])
          .where('lead_id', '=', p.leadId)
          .where('status', '=', 'available')
          .forUpdate(),
      )
      .selectFrom('leads')
      .leftJoin('locked', 'locked.lead_id', 'leads.lead_id')
      .leftJoin('purchases', 'purchases.lead_id', 'leads.lead_id')
      .leftJoin('lead_offers', (join) =>
        join.onRef('lead_offers.lead_id', '=', 'leads.lead_id').on('lead_offers.contractor_id', '=', p.contractorId),
      )
      .select([
        'leads.status',
        'locked.lead_id as locked_id',
        'locked.service_category',
        'locked.sub_service',
        'locked.zip_code',
        'locked.price_cents',
        'locked.customer_fingerprint',
        'purchases.id as purchase_id',
        'purchases.contractor_id as buyer_id',
        'lead_offers.offered_at',
      ])
      .where('leads.lead_id', '=', p.leadId),
);

const lockLeadForPurchase = async (trx: Kysely<WalletLedgerDatabase>, leadId: string, contractorId: string) =>
  (await lockLeadStatement(trx, { leadId, contractorId }))[0];

interface SaleParams {
  purchaseId: string;
  leadId: string;
  contractorId: string;
  priceCents: number;
  channel: 'dashboard' | 'claim';
  balanceAfterCents: number;
  transactionId: string;
  serviceCategory: string;
  subService: string;
  zipCode: string;
  offeredAt: Date | null;
  /** The keyed fingerprint of the lead's customer, remembered for the repeat-lead credit (none: nothing written). */
  fingerprint: string | null;
  now: Date;
}

/**
 * The purchase, the lead's new status and the customer's fingerprint in one statement (ADR 0028 and
 * its amendment on the sale's facts), compiled once and prepared (docs/adr/0027): every sale.
 */
const recordSale = prepared((db: Kysely<WalletLedgerDatabase>, p: SaleParams) =>
  db
    .with('sold', (q) =>
      q.updateTable('leads').set({ status: 'sold', updated_at: p.now }).where('lead_id', '=', p.leadId),
    )
    // Written only when the lead has a fingerprint (a redelivery would change nothing).
    .with('fingerprinted', (q) =>
      q
        .insertInto('purchase_fingerprints')
        .columns(['purchase_id', 'lead_id', 'contractor_id', 'fingerprint', 'purchased_at'])
        .expression(
          db
            .selectNoFrom([
              sql<string>`${p.purchaseId}::uuid`.as('purchase_id'),
              sql<string>`${p.leadId}::uuid`.as('lead_id'),
              sql<string>`${p.contractorId}::text`.as('contractor_id'),
              sql<string>`${p.fingerprint}::text`.as('fingerprint'),
              sql<Date>`${p.now}::timestamptz`.as('purchased_at'),
            ])
            .where(sql<boolean>`${p.fingerprint}::text is not null`),
        )
        .onConflict((oc) => oc.column('purchase_id').doNothing()),
    )
    .insertInto('purchases')
    .values({
      id: p.purchaseId,
      lead_id: p.leadId,
      contractor_id: p.contractorId,
      price_cents: p.priceCents,
      channel: p.channel,
      status: 'purchased',
      balance_after_cents: p.balanceAfterCents,
      transaction_id: p.transactionId,
      service_category: p.serviceCategory,
      sub_service: p.subService,
      zip_code: p.zipCode,
      offered_at: p.offeredAt,
      purchased_at: p.now,
    }),
);

/**
 * A purchase of a lead that is not for sale now: the buyer's own earlier purchase answers again (a
 * retry), anything else is refused with what happened to the lead. Read now, not from a snapshot.
 */
async function refusalOrReplay(
  trx: Kysely<WalletLedgerDatabase>,
  leadId: string,
  contractorId: string,
  sold: SoldLeads,
): Promise<PurchaseOutcome> {
  const [now] = await saleNowRead(trx, { leadId });
  if (!now) throw notFound(PURCHASE_MESSAGES.notFound);
  if (now.id !== null) {
    // A committed sale, found after the wait for the lock (often the race's winner): remembered too.
    sold.remember(leadId, now.contractor_id!);
    if (now.contractor_id === contractorId && now.status !== 'refunded') {
      return {
        purchaseId: now.id,
        leadId,
        contractorId,
        priceCents: Number(now.price_cents),
        balanceCents: Number(now.balance_after_cents),
        replayed: true,
        belowReloadThreshold: false,
        purchasedAt: new Date(now.purchased_at!),
      };
    }
    throw conflict(
      now.contractor_id === contractorId ? PURCHASE_MESSAGES.unavailable('refunded') : PURCHASE_MESSAGES.sold,
    );
  }
  // No purchase: the lead is no longer for sale (expired, withdrawn), or it became available again
  // only after this statement's lock was tried, which a second press of Purchase will find.
  throw conflict(
    now.lead_status === 'available' ? PURCHASE_MESSAGES.changed : PURCHASE_MESSAGES.unavailable(now.lead_status),
  );
}

/** refusalOrReplay's read, compiled once and prepared (docs/adr/0027): the buyer's retry and the race's losers that waited for the lock. */
const saleNowRead = preparedRead((db: Kysely<WalletLedgerDatabase>, p: { leadId: string }) =>
  db
    .selectFrom('leads')
    .leftJoin('purchases', 'purchases.lead_id', 'leads.lead_id')
    .select([
      'leads.status as lead_status',
      'purchases.id',
      'purchases.contractor_id',
      'purchases.status',
      'purchases.price_cents',
      'purchases.balance_after_cents',
      'purchases.purchased_at',
    ])
    .where('leads.lead_id', '=', p.leadId),
);

/** The sale of a lead, if it was sold: who bought it, for the contact's owner to hand it over. */
export const saleOfLead = (db: Kysely<WalletLedgerDatabase>, leadId: string) =>
  db
    .selectFrom('purchases')
    .select(['lead_id', 'contractor_id', 'id', 'price_cents', 'status', 'purchased_at'])
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
