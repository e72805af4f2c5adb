import { randomUUID } from 'node:crypto';
import type { TestStack } from '@leadmarket/gateway/testing';
import { callInternal, type RunningService } from '@leadmarket/platform';
import { describe, expect, it } from 'vitest';
import { firstPaintFacts } from '../src/db/first-paint.repository.js';
import { autoReloadSettingsOf } from '../src/db/funding.repository.js';
import { walletBalance } from '../src/db/ledger.repository.js';
import { purchaseFacts } from '../src/db/reports.repository.js';
import { settingsAnswer } from '../src/routes/funding.routes.js';
import { register, walletStackForFile } from './helpers.js';
import type { WalletLedgerDatabase } from '../src/db/database.js';
import type { Kysely } from 'kysely';

// wallet-ledger's part of the dashboard's first screen (walletDashboard, asked by contractors-dashboard)
// reads the balance, the auto-reload settings and every purchase in one statement: it must read
// exactly what walletBalance, autoReloadSettingsOf and purchaseFacts read one by one.
let stack: TestStack;
let wallet: RunningService;
let db: Kysely<WalletLedgerDatabase>;
walletStackForFile((started) => ({ stack, wallet, db } = started));

const daysAgo = (d: number, ms = 0) => new Date(Date.now() - d * 86_400_000 + ms);

async function purchase(contractorId: string, over: Record<string, unknown> = {}) {
  await db
    .insertInto('purchases')
    .values({
      id: randomUUID(),
      lead_id: randomUUID(),
      contractor_id: contractorId,
      price_cents: 2150,
      channel: 'dashboard',
      status: 'purchased',
      balance_after_cents: 0,
      transaction_id: randomUUID(),
      service_category: 'home_services',
      sub_service: 'plumbing',
      zip_code: '10001',
      ...over,
    })
    .execute();
}

async function oneByOne(contractorId: string) {
  const [balanceCents, settings, facts] = await Promise.all([
    walletBalance(db, contractorId),
    autoReloadSettingsOf(db, contractorId),
    purchaseFacts(db, contractorId),
  ]);
  return { balanceCents, settings, facts };
}

const byPurchase = <T extends { purchased_at: Date }>(facts: T[]) =>
  [...facts].sort((a, b) => a.purchased_at.getTime() - b.purchased_at.getTime());

describe("wallet-ledger's part of the dashboard's first screen", () => {
  it('reads the balance, the settings and every purchase as the three separate reads do', async () => {
    const me = `c_${randomUUID().slice(0, 12)}`;
    await register(stack, wallet, me);
    // The wallet's settings row exists from its registration.
    await db
      .updateTable('wallet_settings')
      .set({
        auto_reload_enabled: true,
        auto_reload_threshold_cents: 3500,
        auto_reload_amount_cents: 12_000,
        auto_reload_disabled_reason: null,
        stripe_payment_method_id: 'pm_test_1',
      })
      .where('contractor_id', '=', me)
      .executeTakeFirstOrThrow();
    await purchase(me, {
      purchased_at: daysAgo(1, 123),
      offered_at: daysAgo(1, -60_000),
      contacted_at: daysAgo(1, 900),
    });
    await purchase(me, { purchased_at: daysAgo(3), status: 'completed', completed_at: daysAgo(2, 7) });
    await purchase(me, { purchased_at: daysAgo(40), status: 'purchased', refunded_at: daysAgo(39), price_cents: 999 });
    await purchase(`c_${randomUUID().slice(0, 12)}`, { purchased_at: daysAgo(1) });

    const one = await firstPaintFacts(db, me);
    const separate = await oneByOne(me);
    expect(one.balanceCents).toBe(2500);
    expect(one.balanceCents).toBe(separate.balanceCents);
    expect(one.settings).toMatchObject({
      auto_reload_enabled: true,
      auto_reload_threshold_cents: 3500,
      auto_reload_amount_cents: 12_000,
      auto_reload_disabled_reason: null,
      stripe_payment_method_id: 'pm_test_1',
    });
    // What the first screen shows of them (auto-reload-settings' answer).
    expect(settingsAnswer(one.settings)).toEqual(settingsAnswer(separate.settings));
    expect(one.facts).toHaveLength(3);
    expect(byPurchase(one.facts)).toEqual(byPurchase(separate.facts));
    expect(one.facts.every((f) => f.purchased_at instanceof Date)).toBe(true);

    const answer = await callInternal(stack.marketplace.clients, 'walletDashboard', { params: { id: me } });
    expect(answer.balance_cents).toBe(2500);
    expect(answer.history_total).toBe(3);
    expect(answer.auto_reload).toMatchObject({
      auto_reload_enabled: true,
      auto_reload_threshold: 35,
      auto_reload_amount: 120,
      has_saved_card: true,
    });
    expect(answer.metrics.metrics.leads_purchased).toBe(2);
  });

  it('answers a contractor without a wallet, settings or purchases with zero and the defaults', async () => {
    const nobody = `c_${randomUUID().slice(0, 12)}`;
    const one = await firstPaintFacts(db, nobody);
    const separate = await oneByOne(nobody);
    expect(one).toMatchObject({ balanceCents: 0, facts: [] });
    expect(one.balanceCents).toBe(separate.balanceCents);
    expect(one.facts).toEqual(separate.facts);
    expect(settingsAnswer(one.settings)).toEqual(settingsAnswer(separate.settings));
  });
});
