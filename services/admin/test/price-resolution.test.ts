// Every lead the catalogue can produce is priced by the row the pricing tab says applies to it:
// the tab reads admin-lead-pricing and calls contracts' resolveLeadPrice; wallet-ledger fixes the
// price of a screened lead through the same function. This walks every (industry, trade, tier).
import {
  CATALOGUE_PRICE_CASES,
  DEFAULT_LEAD_PRICE_CENTS,
  LEAD_TYPE_OF_URGENCY,
  PRICE_MESSAGES,
  resolveLeadPrice,
  type PriceEntry,
} from '@leadmarket/contracts';
import { type TestStack } from '@leadmarket/gateway/testing';
import { describe, expect, it } from 'vitest';
import { auditOf, adminStackForFile } from './helpers.js';

let stack: TestStack;
let token: string;

adminStackForFile((started) => ({ stack, token } = started));

const URGENCY_OF = Object.fromEntries(Object.entries(LEAD_TYPE_OF_URGENCY).map(([u, t]) => [t, u]));

async function setPrice(category: string, sub_service: string, lead_type: string, price: unknown, extra = {}) {
  return stack.call('admin-lead-pricing', {
    method: 'PUT',
    token,
    body: { category, sub_service, lead_type, price, ...extra },
  });
}

/** The price wallet-ledger would fix for a new lead of this kind (the resolution its LeadScreened consumer uses). */
async function fixedPrice(service_category: string, sub_service: string, lead_type: string): Promise<number> {
  const answer = await stack.marketplace.clients.call<{ price_cents: number; lead_type: string }>(
    'wallet-ledger',
    '/internal/lead-prices/quote',
    { query: { service_category, sub_service, urgency: URGENCY_OF[lead_type] } },
  );
  expect(answer.lead_type).toBe(lead_type);
  return answer.price_cents;
}

describe('one catalogue prices every lead', () => {
  it('resolves every (industry, trade, tier) to the row the pricing tab shows, trade → industry → default', async () => {
    for (const [category, sub, type, price] of [
      ['home_services', 'hvac', 'standard', 31],
      ['home_services', '', 'premium', 44],
      ['home_services', 'plumbing', 'premium', 52.5],
      ['auto', '', 'standard', 27],
      ['legal', '', 'emergency', 150],
    ] as const) {
      const res = await setPrice(category, sub, type, price);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const listed = await stack.call('admin-lead-pricing', { token });
    expect(listed.status).toBe(200);
    const prices: PriceEntry[] = listed.body.map((p: any) => ({ ...p, price_cents: Math.round(p.price * 100) }));

    expect(CATALOGUE_PRICE_CASES.length).toBeGreaterThan(100);
    for (const c of CATALOGUE_PRICE_CASES) {
      const shown = resolveLeadPrice(prices, c);
      const charged = await fixedPrice(c.service_category, c.sub_service, c.lead_type);
      expect(charged, `${c.service_category}/${c.sub_service}/${c.lead_type}`).toBe(shown.price_cents);
    }

    // What the tab says, spelled out for the rows set above.
    const hvac = (lead_type: 'standard' | 'premium' | 'emergency') =>
      resolveLeadPrice(prices, { service_category: 'home_services', sub_service: 'hvac', lead_type });
    expect(hvac('standard')).toMatchObject({ source: 'trade', sub_service: 'hvac', price_cents: 3100 });
    expect(hvac('premium')).toMatchObject({ source: 'industry', sub_service: '', price_cents: 4400 });
    expect(hvac('emergency')).toMatchObject({ source: 'default', price_cents: DEFAULT_LEAD_PRICE_CENTS });
    expect(
      resolveLeadPrice(prices, { service_category: 'home_services', sub_service: 'plumbing', lead_type: 'premium' }),
    ).toMatchObject({ source: 'trade', price_cents: 5250 });
    for (const c of CATALOGUE_PRICE_CASES.filter((x) => x.service_category === 'auto' && x.lead_type === 'standard'))
      expect(await fixedPrice(c.service_category, c.sub_service, c.lead_type)).toBe(2700);
    expect(await fixedPrice('legal', 'bankruptcy', 'emergency')).toBe(15000);
    // A test lead of an older admin form carried the trade as its category.
    expect(await fixedPrice('HVAC', '', 'standard')).toBe(3100);
  });

  it('refuses prices that would give leads away, resets to default, and names the admin in the history', async () => {
    for (const [price, message] of [
      [-5, PRICE_MESSAGES.negative],
      ['', PRICE_MESSAGES.notANumber],
      ['abc', PRICE_MESSAGES.notANumber],
      [null, PRICE_MESSAGES.notANumber],
      [12.345, PRICE_MESSAGES.tooManyDecimals],
      [0, PRICE_MESSAGES.zeroUnconfirmed],
    ] as const) {
      const res = await setPrice('home_services', 'roofing', 'standard', price);
      expect(res.status, `price ${JSON.stringify(price)}`).toBe(400);
      expect(res.body).toMatchObject({ message, field: 'price' });
    }
    const unknownRow = await setPrice('legal', 'bankruptcy', 'standard', 30);
    expect(unknownRow.status).toBe(400);
    expect(unknownRow.body.message).toBe(PRICE_MESSAGES.unknownRow);
    expect(await fixedPrice('home_services', 'roofing', 'standard')).not.toBe(0);

    const zero = await setPrice('home_services', 'roofing', 'standard', 0, { confirm_zero: true });
    expect(zero.status, JSON.stringify(zero.body)).toBe(200);
    expect(await fixedPrice('home_services', 'roofing', 'standard')).toBe(0);

    const reset = await stack.call('admin-lead-pricing', {
      method: 'DELETE',
      token,
      body: { category: 'home_services', sub_service: 'roofing', lead_type: 'standard' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body).toMatchObject({ old_price: 0, new_price: null });
    const listed = await stack.call('admin-lead-pricing', { token });
    expect(listed.body.some((p: any) => p.sub_service === 'roofing')).toBe(false);
    expect(await fixedPrice('home_services', 'roofing', 'standard')).toBe(
      resolveLeadPrice(
        listed.body.map((p: any) => ({ ...p, price_cents: Math.round(p.price * 100) })),
        { service_category: 'home_services', sub_service: 'roofing', lead_type: 'standard' },
      ).price_cents,
    );

    const history = await stack.call('admin-pricing-history', { token });
    expect(history.body[0]).toMatchObject({
      category: 'home_services',
      sub_service: 'roofing',
      old_price: 0,
      new_price: null,
    });
    expect(history.body[0].admin_email).toMatch(/@/);
    const [resetEntry] = await auditOf(stack, token, 'lead_price.reset');
    expect(resetEntry).toMatchObject({
      target_id: 'home_services/roofing/standard',
      before: { price_cents: 0 },
      after: { price_cents: null },
    });
  });
});
