import { randomUUID } from 'node:crypto';
import type { TestStack } from '@leadmarket/gateway/testing';
import type { RunningService } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { WalletLedgerDatabase } from '../src/db/database.js';
import { screenLead, walletStackForFile } from './helpers.js';

let stack: TestStack;
let wallet: RunningService;
let db: Kysely<WalletLedgerDatabase>;

walletStackForFile((started) => ({ stack, wallet, db } = started));

const version = async () =>
  BigInt((await db.selectFrom('price_catalogue_version').select('version').executeTakeFirstOrThrow()).version);
const fixed = (leadId: string) =>
  db.selectFrom('leads').selectAll().where('lead_id', '=', leadId).executeTakeFirstOrThrow();

/** An industry of its own per test, so prices set here price no other test's leads. */
const industry = () => `CacheTest${randomUUID().slice(0, 8)}`;

/**
 * A price written straight into the tables, as another wallet-ledger instance or an operator's SQL
 * would: nothing tells this instance's kept catalogue, only PostgreSQL's version moves.
 */
async function setPriceBehindItsBack(category: string, priceCents: number) {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('lead_prices')
      .values({ category, sub_service: '', lead_type: 'standard', price_cents: priceCents, updated_at: new Date() })
      .onConflict((oc) => oc.columns(['category', 'sub_service', 'lead_type']).doUpdateSet({ price_cents: priceCents }))
      .execute();
    const change = await trx
      .insertInto('lead_price_history')
      .values({ category, lead_type: 'standard', old_price_cents: null, new_price_cents: priceCents, admin_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(change.id);
  });
}

describe('the price catalogue kept in memory (ADR 0022)', () => {
  it('PostgreSQL raises its version on every write to lead_prices or lead_price_history, in the same transaction', async () => {
    const category = industry();
    const before = await version();
    await setPriceBehindItsBack(category, 2500);
    // Two statements in one transaction: at least one raise each, visible together at commit.
    expect(await version()).toBeGreaterThanOrEqual(before + 2n);
    const mid = await version();
    await db.deleteFrom('lead_prices').where('category', '=', category).execute();
    expect(await version()).toBe(mid + 1n);
  });

  it('prices the next lead at a price changed behind its back, naming that change on the receipt', async () => {
    const category = industry();
    const first = await screenLead(stack, wallet, { service_category: category });
    // The catalogue is kept now; the default priced this industry.
    expect(await fixed(first)).toMatchObject({ price_cents: 2000, price_source: 'default', price_version_id: null });
    const change = await setPriceBehindItsBack(category, 3700);
    const second = await screenLead(stack, wallet, { service_category: category });
    const row = await fixed(second);
    expect(Number(row.price_cents)).toBe(3700);
    expect(row.price_source).toBe('industry');
    expect(String(row.price_version_id)).toBe(change);
    // The first lead keeps the price it was fixed at.
    expect(Number((await fixed(first)).price_cents)).toBe(2000);
  });

  it('a repeated LeadScreened keeps the fixed price after a change; its rejection takes the lead off sale', async () => {
    const category = industry();
    const leadId = await screenLead(stack, wallet, { service_category: category, zip_code: '10001' });
    await setPriceBehindItsBack(category, 4100);
    // The same lead screened again, rejected this time (the helper's other fields are the first verdict's).
    await screenLead(stack, wallet, {
      lead_id: leadId,
      status: 'rejected',
      validation_summary: {
        phone_valid: true,
        email_valid: true,
        content_valid: true,
        is_duplicate: true,
        ip_rate_ok: true,
      },
      reasons: ['duplicate'],
      service_category: category,
      zip_code: '10002',
    });
    const row = await waitFor(async () => {
      const r = await fixed(leadId);
      return r.status === 'rejected' ? r : undefined;
    }, 'the repeated verdict applied');
    expect(Number(row.price_cents)).toBe(2000);
    expect(row.zip_code).toBe('10002');
  });
});
