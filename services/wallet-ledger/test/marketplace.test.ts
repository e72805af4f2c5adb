import { randomUUID } from 'node:crypto';
import { type TestStack, testStackForFile, waitUntilPriced } from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { describe, expect, it } from 'vitest';

// Cross-service: the whole marketplace, wallet-ledger with the contractors, lead-intake, screening
// and matching services as their owners built them.
let stack: TestStack;
testStackForFile((started) => (stack = started));

const internal = (path: string, options: any = {}) => stack.marketplace.clients.call('wallet-ledger', path, options);

describe('wallet-ledger inside the whole marketplace', () => {
  it('a signup gets the $25 credit once; the dashboard shows it; a submitted lead is priced and bought', async () => {
    const tag = randomUUID().slice(0, 8);
    const signup = await stack.call('contractors-signup', {
      body: {
        contact_name: 'Ann Smith',
        business_name: `Acme ${tag}`,
        email: `ann.${tag}@example.com`,
        phone: '(555) 123-4567',
        industry: 'home_services',
        sub_service: 'hvac',
        username: `ann_${tag}`,
        password: 'secret-pw-1',
        confirm_password: 'secret-pw-1',
        zip_codes: '10001',
        sms_opt_in: true,
      },
    });
    expect(signup.status).toBe(201);
    const id = signup.body.contractor_id as string;
    const token = signup.body.session_token as string;
    await waitFor(
      async () => (await internal(`/internal/wallets/${id}`)).balance_cents === 2500,
      'signup credit',
      15_000,
    );
    const dash = await stack.call('contractors-dashboard', { query: { contractor_id: id, session_token: token } });
    expect(dash.status).toBe(200);
    expect(dash.body.wallet_balance).toBe(25);

    const submit = await stack.call('leads-submit', {
      body: {
        customer_name: 'Bob Jones',
        phone: '(617) 555-0142',
        zip_code: '10001',
        service_category: 'home_services',
        sub_service: 'hvac',
        description: 'AC not cooling at all',
        email: `bob.${tag}@example.com`,
      },
    });
    expect(submit.status).toBeLessThan(300);
    const leadId = submit.body.lead_id as string;
    const price = await waitUntilPriced(stack, leadId);
    expect(Number(price.price_cents)).toBe(2000);
    expect({ status: price.status, submit: submit.body.status }).toEqual({ status: 'available', submit: 'valid' });
    const bought = await stack.call('purchase-lead', {
      body: { lead_id: leadId, contractor_id: id, session_token: token },
    });
    expect(bought.body).toMatchObject({ success: true });
    expect(bought.status).toBe(200);
    expect(bought.body.new_wallet_balance).toBe(5);
    // lead-intake learns of the sale from LeadPurchased and reveals the lead to its buyer only.
    const purchased = await waitFor(
      async () => {
        const res = await stack.call('get-purchased-leads', { query: { contractor_id: id, session_token: token } });
        return res.status === 200 && res.body.purchased_leads?.some((l: any) => l.lead_id === leadId)
          ? res.body
          : undefined;
      },
      'purchase visible at lead-intake',
      15_000,
    );
    expect(purchased.purchased_leads.find((l: any) => l.lead_id === leadId).leads.customer_name).toBe('Bob Jones');
  });

  it('the claim link buys at wallet-ledger with the offer matching sent', async () => {
    const tag = randomUUID().slice(0, 8);
    const signup = await stack.call('contractors-signup', {
      body: {
        contact_name: 'Cat Lee',
        business_name: `Claim ${tag}`,
        email: `cat.${tag}@example.com`,
        phone: '(617) 555-0143',
        industry: 'home_services',
        sub_service: 'plumbing',
        username: `cat_${tag}`,
        password: 'secret-pw-1',
        confirm_password: 'secret-pw-1',
        zip_codes: '02139',
        sms_opt_in: true,
      },
    });
    expect(signup.status).toBe(201);
    const id = signup.body.contractor_id as string;
    await waitFor(
      async () => (await internal(`/internal/wallets/${id}`)).balance_cents === 2500,
      'signup credit',
      15_000,
    );
    const submit = await stack.call('leads-submit', {
      body: {
        customer_name: 'Dan Roe',
        phone: '(617) 555-0144',
        zip_code: '02139',
        service_category: 'home_services',
        sub_service: 'plumbing',
        description: 'Leaking pipe under the sink',
        email: `dan.${tag}@example.com`,
      },
    });
    const leadId = submit.body.lead_id as string;
    // The claim link as the contractor gets it: the SMS in the development outbox (matching's outbox
    // keeps only the token's hash once the event is published).
    const notification = stack.marketplace.services.get('notification')!.ctx.db;
    const offer = await waitFor(
      async () => {
        const rows = await notification
          .selectFrom('deliveries')
          .select('body')
          .where('lead_id', '=', leadId)
          .where('contractor_id', '=', id)
          .where('channel', '=', 'sms')
          .execute();
        const token = rows.map((r) => /\/claim\/([A-Za-z0-9_-]+)/.exec(r.body)?.[1]).find(Boolean);
        return token ? { claim_token: token } : undefined;
      },
      'the offer SMS with its claim link',
      15_000,
    );
    // The claim page asks matching (the owner of offers) for the offer behind the token.
    await waitFor(
      async () => (await stack.call('leads-claim-get', { query: { token: offer.claim_token } })).status === 200,
      'claim page ready',
      15_000,
    );
    const claim = await stack.call('leads-claim-post', { body: { token: offer.claim_token, contractor_id: id } });
    expect(claim.body).toMatchObject({ success: true });
    expect(claim.status).toBe(200);
    const wallet = stack.marketplace.services.get('wallet-ledger')!.ctx.db;
    const sale = await wallet
      .selectFrom('purchases')
      .selectAll()
      .where('lead_id', '=', leadId)
      .executeTakeFirstOrThrow();
    expect(sale).toMatchObject({ contractor_id: id, channel: 'claim' });
    // Response time needs the offer time (LeadMatched may be consumed just after the sale: it backfills).
    await waitFor(
      () =>
        wallet
          .selectFrom('purchases')
          .select('id')
          .where('lead_id', '=', leadId)
          .where('offered_at', 'is not', null)
          .executeTakeFirst(),
      'offer time recorded',
      15_000,
    );
    expect(await internal(`/internal/wallets/${id}`)).toMatchObject({ balance_cents: 500 });
    // A second claim by the buyer is the same success; nothing is charged twice.
    expect(
      (await stack.call('leads-claim-post', { body: { token: offer.claim_token, contractor_id: id } })).status,
    ).toBe(200);
    expect((await internal(`/internal/wallets/${id}`)).balance_cents).toBe(500);
  });
});
