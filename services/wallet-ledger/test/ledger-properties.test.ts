import { randomBytes, randomUUID } from 'node:crypto';
import { HttpError, type RunningService } from '@leadmarket/platform';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walletDepsFrom } from '../src/context.js';
import { checkLedger, ensureWallet, walletBalance } from '../src/db/ledger.repository.js';
import { adjustWallet } from '../src/use-cases/adjustments.js';
import { startCheckout } from '../src/use-cases/checkout.js';
import { deliverDevEvent } from '../src/use-cases/stripe-webhook.js';
import { purchaseLead } from '../src/use-cases/purchase-lead.js';
import { decideRefund, requestRefund } from '../src/use-cases/refunds.js';
import { walletStackForFile } from './helpers.js';

let wallet: RunningService;
walletStackForFile((started) => (wallet = started.wallet));

type Op =
  | { kind: 'fund'; who: number; dollars: number }
  | { kind: 'purchase'; who: number; lead: number }
  | { kind: 'refund'; who: number; lead: number; approve: boolean }
  | { kind: 'adjust'; who: number; cents: number };

const PEOPLE = 3;
const LEADS = 4;
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('fund' as const),
    who: fc.nat(PEOPLE - 1),
    dollars: fc.integer({ min: 100, max: 300 }),
  }),
  fc.record({ kind: fc.constant('purchase' as const), who: fc.nat(PEOPLE - 1), lead: fc.nat(LEADS - 1) }),
  fc.record({
    kind: fc.constant('refund' as const),
    who: fc.nat(PEOPLE - 1),
    lead: fc.nat(LEADS - 1),
    approve: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('adjust' as const),
    who: fc.nat(PEOPLE - 1),
    cents: fc.integer({ min: -40_000, max: 40_000 }).filter((n) => n !== 0),
  }),
);

/** The status a refused operation must carry (a 4xx, never anything else). */
async function refusal(fn: () => Promise<unknown>): Promise<number> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof HttpError) return error.statusCode;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('database guard', () => {
  it('PostgreSQL refuses to commit an unbalanced ledger transaction', async () => {
    const db = wallet.ctx.db;
    const id = randomUUID();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('ledger_transactions')
          .values({ id, kind: 'admin_adjustment', reference: `bad:${id}`, amount_cents: 5, description: 'unbalanced' })
          .execute();
        await trx
          .insertInto('ledger_entries')
          .values([
            { transaction_id: id, account_id: 'platform:revenue', amount_cents: 5 },
            { transaction_id: id, account_id: 'platform:promotions', amount_cents: -4 },
          ])
          .execute();
      }),
    ).rejects.toThrow(/does not balance/);
    expect(
      await db.selectFrom('ledger_transactions').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('ledger properties (fast-check)', () => {
  it(
    'over random fund/purchase/refund/adjust sequences: transactions balance, balances equal entries and the model, none negative',
    { timeout: 180_000 },
    async () => {
      const { payments } = walletDepsFrom({});
      const ctx = wallet.ctx;
      await fc.assert(
        fc.asyncProperty(
          fc.array(op, { minLength: 1, maxLength: 18 }),
          fc.array(fc.integer({ min: 100, max: 30_000 }), { minLength: LEADS, maxLength: LEADS }),
          async (ops, prices) => {
            const people = Array.from({ length: PEOPLE }, () => `p_${randomBytes(5).toString('hex')}`);
            // Each has a wallet, as a registered contractor does (adjustments refuse unknown ids).
            for (const p of people) await ensureWallet(ctx.db, p);
            const leads = prices.map(() => randomUUID());
            await ctx.db
              .insertInto('leads')
              .values(
                leads.map((id, i) => ({
                  lead_id: id,
                  service_category: 'Prop',
                  lead_type: 'standard',
                  price_cents: prices[i],
                  status: 'available',
                })),
              )
              .execute();
            // Every lead was offered to everyone (the dashboard sells only offered or targeted leads).
            await ctx.db
              .insertInto('lead_offers')
              .values(
                leads.flatMap((lead_id) =>
                  people.map((contractor_id) => ({ lead_id, contractor_id, offered_at: new Date() })),
                ),
              )
              .execute();
            const balance = new Map(people.map((p) => [p, 0]));
            const owner = new Map<number, string>();
            const refundAsked = new Set<number>();
            const refunded = new Set<number>();

            for (const o of ops) {
              const who = people[o.who]!;
              const have = balance.get(who)!;
              if (o.kind === 'fund') {
                const { paymentUrl } = await startCheckout(ctx, payments, who, o.dollars * 100);
                const sessionId = paymentUrl.split('/').pop()!;
                const row = await ctx.db
                  .selectFrom('funding_sessions')
                  .select('id')
                  .where('stripe_session_id', '=', sessionId)
                  .executeTakeFirstOrThrow();
                await deliverDevEvent(ctx, payments, 'checkout.session.completed', {
                  id: sessionId,
                  object: 'checkout.session',
                  client_reference_id: row.id,
                  amount_total: o.dollars * 100,
                  currency: 'usd',
                  payment_status: 'paid',
                  customer: 'cus_p',
                });
                balance.set(who, have + o.dollars * 100);
              } else if (o.kind === 'purchase') {
                const price = prices[o.lead]!;
                const leadId = leads[o.lead]!;
                const sold = owner.get(o.lead);
                if (sold === who && !refunded.has(o.lead)) {
                  const again = await purchaseLead(ctx, { leadId, contractorId: who, channel: 'dashboard' });
                  expect(again.replayed).toBe(true);
                } else if (sold !== undefined) {
                  expect(
                    await refusal(() => purchaseLead(ctx, { leadId, contractorId: who, channel: 'dashboard' })),
                  ).toBe(409);
                } else if (have < price) {
                  expect(
                    await refusal(() => purchaseLead(ctx, { leadId, contractorId: who, channel: 'dashboard' })),
                  ).toBe(402);
                } else {
                  await purchaseLead(ctx, { leadId, contractorId: who, channel: 'dashboard' });
                  owner.set(o.lead, who);
                  balance.set(who, have - price);
                }
              } else if (o.kind === 'refund') {
                const leadId = leads[o.lead]!;
                if (owner.get(o.lead) !== who || refundAsked.has(o.lead)) {
                  expect(await refusal(() => requestRefund(ctx, who, leadId, 'property'))).toBeGreaterThanOrEqual(400);
                } else {
                  const { id } = await requestRefund(ctx, who, leadId, 'property');
                  refundAsked.add(o.lead);
                  await decideRefund(ctx, id, o.approve ? 'approve' : 'reject', '', 'prop-admin');
                  if (o.approve) {
                    refunded.add(o.lead);
                    balance.set(who, have + prices[o.lead]!);
                  }
                }
              } else {
                if (have + o.cents < 0) {
                  expect(
                    await refusal(() =>
                      adjustWallet(ctx, { contractorId: who, amountCents: o.cents, notes: 'prop', adminId: 'a' }),
                    ),
                  ).toBe(400);
                } else {
                  await adjustWallet(ctx, { contractorId: who, amountCents: o.cents, notes: 'prop', adminId: 'a' });
                  balance.set(who, have + o.cents);
                }
              }
            }

            for (const p of people) {
              const cached = await walletBalance(ctx.db, p);
              expect(cached).toBe(balance.get(p));
              expect(cached).toBeGreaterThanOrEqual(0);
            }
            const check = await checkLedger(ctx.db);
            expect(check.unbalanced).toEqual([]);
            expect(check.wallet_mismatches).toEqual([]);
            expect(check.negative_wallets).toEqual([]);
            expect(check.ok).toBe(true);
          },
        ),
        { numRuns: 25 },
      );
    },
  );
});
