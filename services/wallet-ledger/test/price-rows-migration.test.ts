// The 2026_11_22_2217 migration moves prices of the old matrix onto rows of the catalogue.
import { migrateService } from '@leadmarket/platform';
import { createTestInfra, type TestInfra } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index.js';

let infra: TestInfra;
beforeAll(async () => {
  infra = await createTestInfra();
});
afterAll(async () => {
  await infra?.cleanup();
});

describe('price rows by trade (migration)', () => {
  it('turns HVAC/Plumbing/Electrical into Home Services trade rows and automotive into Auto, keeping the newest price', async () => {
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '2026_11_22_2217'));
    await migrateService(infra.database, 'wallet-ledger', before);
    const db = infra.database.forService('wallet-ledger');
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 0, minutes));
    await db
      .insertInto('lead_prices')
      .values([
        { category: 'HVAC', lead_type: 'standard', price_cents: 3000, updated_at: at(1) },
        { category: 'hvac', lead_type: 'standard', price_cents: 3300, updated_at: at(2) },
        { category: 'Plumbing', lead_type: 'premium', price_cents: 4500, updated_at: at(1) },
        { category: 'Electrical', lead_type: 'emergency', price_cents: 11000, updated_at: at(1) },
        { category: 'automotive', lead_type: 'standard', price_cents: 2600, updated_at: at(1) },
        { category: 'legal', lead_type: 'standard', price_cents: 4000, updated_at: at(1) },
      ])
      .execute();
    await db
      .insertInto('lead_price_history')
      .values({ category: 'HVAC', lead_type: 'standard', old_price_cents: null, new_price_cents: 3000 })
      .execute();

    await migrateService(infra.database, 'wallet-ledger', migrations);

    const rows = await db
      .selectFrom('lead_prices')
      .select(['category', 'sub_service', 'lead_type', 'price_cents'])
      .orderBy('category')
      .orderBy('sub_service')
      .orderBy('lead_type')
      .execute();
    expect(rows.map((r) => ({ ...r, price_cents: Number(r.price_cents) }))).toEqual([
      { category: 'auto', sub_service: '', lead_type: 'standard', price_cents: 2600 },
      { category: 'home_services', sub_service: 'electrical', lead_type: 'emergency', price_cents: 11000 },
      { category: 'home_services', sub_service: 'hvac', lead_type: 'standard', price_cents: 3300 },
      { category: 'home_services', sub_service: 'plumbing', lead_type: 'premium', price_cents: 4500 },
      { category: 'legal', sub_service: '', lead_type: 'standard', price_cents: 4000 },
    ]);
    const history = await db.selectFrom('lead_price_history').select(['category', 'sub_service']).execute();
    expect(history).toEqual([{ category: 'home_services', sub_service: 'hvac' }]);
  });
});
