// A purchase that waits for a lead's lock answers from what the lead became during the wait
// (ADR 0028 addendum: the lead is locked only while it is available). Real PostgreSQL only: the
// embedded PGlite runs one connection, so nothing waits there.
import { schemaOf, type RunningService } from '@leadmarket/platform';
import type { TestStack } from '@leadmarket/gateway/testing';
import { realServersConfigured, waitFor } from '@leadmarket/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseLead, PURCHASE_MESSAGES } from '../src/use-cases/purchase-lead.js';
import { balanceOf, ledgerCheck, register, screenLead, signIn, startWalletStack } from './helpers.js';

let stack: TestStack;
let wallet: RunningService;
let holder: pg.Client;
const leads = `${pg.escapeIdentifier(schemaOf('wallet-ledger'))}.leads`;

beforeAll(async () => {
  if (!realServersConfigured()) return;
  ({ stack, wallet } = await startWalletStack());
  holder = new pg.Client({ connectionString: stack.infra.databaseUrl });
  await holder.connect();
});
afterAll(async () => {
  await holder?.end();
  await stack?.stop();
});

/** Whether some backend of this database waits for a lock on a lead (the purchase, blocked by the holder). */
async function aPurchaseWaits(): Promise<boolean> {
  const { rows } = await holder.query(
    `select 1 from pg_stat_activity a join pg_locks l on l.pid = a.pid and not l.granted
      where a.datname = current_database() and a.query ilike '%leads%for update%'`,
  );
  return rows.length > 0;
}

/**
 * Start a purchase of `leadId` while the holder has the lead locked, wait until it is blocked on
 * that lock, run `meanwhile` in the holder's transaction, commit, and return the purchase's answer.
 */
async function buyDuring(leadId: string, contractorId: string, meanwhile: string, params: unknown[]) {
  await holder.query('begin');
  try {
    await holder.query(`select 1 from ${leads} where lead_id = $1 for update`, [leadId]);
    const answer = purchaseLead(wallet.ctx, { leadId, contractorId, channel: 'claim' }).then(
      (outcome) => ({ outcome, error: undefined }),
      (error: { statusCode?: number; message: string }) => ({ outcome: undefined, error }),
    );
    await waitFor(() => aPurchaseWaits(), 'the purchase waiting for the lead', 15_000);
    await holder.query(meanwhile, params);
    await holder.query('commit');
    return await answer;
  } catch (error) {
    await holder.query('rollback').catch(() => {});
    throw error;
  }
}

/** A registered buyer, a lead screened valid, and the buyer's balance before any purchase. */
async function buyerAndLead() {
  const buyer = await signIn(stack);
  await register(stack, wallet, buyer.contractorId);
  const leadId = await screenLead(stack, wallet);
  return { buyer, leadId, before: await balanceOf(stack, buyer.contractorId) };
}

describe.runIf(realServersConfigured())('a purchase that waited for the lead', () => {
  it('is refused as no longer available when the lead expired during the wait, and charges nothing', async () => {
    const { buyer, leadId, before } = await buyerAndLead();

    const { outcome, error } = await buyDuring(
      leadId,
      buyer.contractorId,
      `update ${leads} set status = 'expired' where lead_id = $1`,
      [leadId],
    );
    expect(outcome).toBeUndefined();
    expect(error?.statusCode).toBe(409);
    expect(error?.message).toBe(PURCHASE_MESSAGES.unavailable('expired'));
    expect(await balanceOf(stack, buyer.contractorId)).toBe(before);
    expect((await ledgerCheck(stack)).ok).toBe(true);
  });

  it('buys the lead, at the price it has when the wait ends, when it is still available after the wait', async () => {
    const { buyer, leadId, before } = await buyerAndLead();

    // The holder changes the price while the buyer waits: the sale charges the locked row's price,
    // not the one its statement's snapshot saw before the wait.
    const { outcome, error } = await buyDuring(
      leadId,
      buyer.contractorId,
      `update ${leads} set price_cents = 1234 where lead_id = $1`,
      [leadId],
    );
    expect(error).toBeUndefined();
    expect(outcome?.priceCents).toBe(1234);
    expect(await balanceOf(stack, buyer.contractorId)).toBe(before - 1234);
    expect((await ledgerCheck(stack)).ok).toBe(true);
  });
});
