// One price per lead: wallet-ledger fixes it on LeadScreened and announces it in
// LeadPriced; matching offers the lead at it. The SMS, the available-lead card, the claim page and
// the charge all show that number — also after an admin changes the price while the lead is on offer.
import { formatCents } from '@leadmarket/contracts';
import { signUpFundedContractor, uniqueZip, type TestStack, testStackForFile } from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { describe, expect, it } from 'vitest';

let stack: TestStack;
const internal = (path: string, options: any = {}) => stack.marketplace.clients.call('wallet-ledger', path, options);

testStackForFile((started) => (stack = started), {
  env: { LEAD_SUBMIT_RATE_LIMIT: '1000', SCREENING_IP_LIMIT: '1000' },
});

describe('the price of a lead', () => {
  it('is the same in the SMS, on the card, on the claim page and in the charge', async () => {
    await internal('/internal/lead-prices', {
      method: 'PUT',
      body: { category: 'home_services', sub_service: 'roofing', lead_type: 'premium', price_cents: 3725 },
    });
    const zip = uniqueZip('8');
    const buyer = await signUpFundedContractor(stack, { sub_service: 'roofing', zip_codes: zip, sms_opt_in: true });
    await internal('/internal/adjustments', {
      method: 'POST',
      body: { contractor_id: buyer.id, amount_cents: 5000, notes: 'test funds', admin_id: 'test' },
    });
    const startBalance = (await internal(`/internal/wallets/${buyer.id}`)).balance_cents as number;
    const submitted = await stack.call('leads-submit', {
      body: {
        customer_name: 'Rita Moss',
        phone: '(617) 555-0177',
        zip_code: zip,
        service_category: 'home_services',
        sub_service: 'roofing',
        urgency: 'Premium',
        description: 'Shingles blew off in the storm and the attic leaks when it rains.',
        email: 'rita@example.com',
      },
    });
    expect(submitted.body.status).toBe('valid');
    const leadId = submitted.body.lead_id as string;

    const notification = stack.marketplace.services.get('notification')!.ctx.db;
    const sms = await waitFor(
      async () =>
        (
          await notification
            .selectFrom('deliveries')
            .select('body')
            .where('lead_id', '=', leadId)
            .where('contractor_id', '=', buyer.id)
            .where('channel', '=', 'sms')
            .executeTakeFirst()
        )?.body as string | undefined,
      'the offer SMS',
      20_000,
    );
    // The price is fixed: an admin raising it now changes nothing for this lead.
    await internal('/internal/lead-prices', {
      method: 'PUT',
      body: { category: 'home_services', sub_service: 'roofing', lead_type: 'premium', price_cents: 9900 },
    });

    expect(sms).toContain(`(${formatCents(3725)})`);
    const token = decodeURIComponent(/\/claim\/([^\s]+)/.exec(sms)![1]!);

    const card = (
      await stack.call('contractors-available-leads', { token: buyer.token, query: { contractor_id: buyer.id } })
    ).body.available_leads.find((l: { id: string }) => l.id === leadId);
    expect(card.price).toBe(37.25);

    const page = await stack.call('leads-claim-get', { query: { token } });
    expect(page.status).toBe(200);
    expect(page.body.lead.price).toBe(37.25);

    const claim = await stack.call('leads-claim-post', { body: { token, contractor_id: buyer.id } });
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    const sale = await stack.marketplace.services
      .get('wallet-ledger')!
      .ctx.db.selectFrom('purchases')
      .select('price_cents')
      .where('lead_id', '=', leadId)
      .executeTakeFirstOrThrow();
    expect(Number(sale.price_cents)).toBe(3725);
    expect((await internal(`/internal/wallets/${buyer.id}`)).balance_cents).toBe(startBalance - 3725);
  });
});
