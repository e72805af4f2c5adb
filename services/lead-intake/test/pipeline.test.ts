import { CLAIM_MESSAGES, MESSAGES } from '@leadmarket/contracts';
import {
  signUpContractor,
  uniqueZip,
  waitUntilMatchable,
  type TestStack,
  testStackForFile,
} from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { describe, expect, it } from 'vitest';
import { leadBody, leadRow } from './helpers.js';

// End to end through every service: contractors -> matching -> notification (development SMS sink)
// -> claim page -> wallet-ledger. Depends on the contractors, matching, notification and wallet-ledger work.
let stack: TestStack;

testStackForFile((started) => (stack = started), {
  env: { LEAD_SUBMIT_RATE_LIMIT: '1000', SCREENING_IP_LIMIT: '1000' },
});

/** An HVAC contractor serving `zip` whose phone ends in `phoneLast4`, signed up through the gateway. */
async function signUp(zip: string, phoneLast4: string) {
  const { id } = await signUpContractor(stack, { phone: `(713) 555-${phoneLast4}`, zip_codes: zip });
  return { id, last4: phoneLast4 };
}

describe('lead pipeline end to end', () => {
  it('offers a screened lead by SMS with a working claim link; the claim reveals the contact; a second claim fails cleanly', async () => {
    const zip = uniqueZip('3');
    const a = await signUp(zip, '0171');
    const b = await signUp(zip, '0172');
    // Matching's projection must see both contractors and their signup credit before the lead arrives.
    for (const c of [a, b]) await waitUntilMatchable(stack, c.id, 2500);

    const body = leadBody({
      zip_code: zip,
      service_category: 'home_services',
      sub_service: 'hvac',
      customer_name: 'Dale Gribble',
      phone: '(713) 555-0150',
    });
    const submitted = await stack.call('leads-submit', { body });
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe('valid');
    const leadId = submitted.body.lead_id as string;
    const repliedAt = Date.now();

    const sms = await waitFor(
      async () => {
        const { messages } = await stack.marketplace.clients.call('notification', '/internal/outbox', {
          query: { channel: 'sms' },
        });
        const offers = (messages as Array<{ to: string; body: string }>).filter((m) =>
          /\/claim\/[A-Za-z0-9_-]+/.test(m.body),
        );
        const forA = offers.find((m) => m.to.endsWith(a.last4));
        const forB = offers.find((m) => m.to.endsWith(b.last4));
        return forA && forB ? { forA, forB } : undefined;
      },
      'an offer SMS to each matching contractor',
      20_000,
    );
    expect(Date.now() - repliedAt).toBeLessThan(2000);
    const tokenOf = (text: string) => text.match(/\/claim\/([A-Za-z0-9_-]+)/)![1]!;
    const [tokenA, tokenB] = [tokenOf(sms.forA.body), tokenOf(sms.forB.body)];
    expect(sms.forA.body).toContain(zip);

    const page = await stack.call('leads-claim-get', { query: { token: tokenA } });
    expect(page.status).toBe(200);
    expect(page.body.lead).toMatchObject({
      id: leadId,
      customer_name: 'Dale G.',
      phone: '(***) ***-**50',
      zip_code: zip,
    });

    const wrong = await stack.call('leads-claim-post', { body: { token: tokenA, contractor_id: b.id } });
    expect(wrong.status).toBe(403);

    const claimed = await stack.call('leads-claim-post', { body: { token: tokenA, contractor_id: a.id } });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body).toMatchObject({
      success: true,
      message: MESSAGES.contractorSuccess.leadPurchased,
      lead: { id: leadId, customer_name: 'Dale Gribble', phone: '+17135550150', email: body.email },
    });

    const second = await stack.call('leads-claim-post', { body: { token: tokenB, contractor_id: b.id } });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ success: false, message: CLAIM_MESSAGES.alreadyClaimed });
    // Recorded at lead-intake when wallet-ledger's LeadPurchased arrives.
    await waitFor(
      async () => (await leadRow(stack, leadId))?.purchased_by === a.id,
      'lead-intake following the sale',
      15_000,
    );
    expect(await leadRow(stack, leadId)).toMatchObject({ status: 'purchased', purchased_by: a.id });
  });
});
