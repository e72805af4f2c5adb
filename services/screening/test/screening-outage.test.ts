import { MESSAGES, SCREENING_WAIT_MS } from '@leadmarket/contracts';
import {
  signUpFundedContractor,
  startTestStack,
  uniqueZip,
  waitUntilMatchable,
  type TestStack,
} from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The whole marketplace, screening stopped and started again: the submit's reply is bounded by
// SCREENING_WAIT_MS ("pending"), and the durable path (LeadSubmitted waiting in screening's queue)
// screens, prices and matches the lead once screening is back, and the customer is told by SMS.
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ env: { LEAD_SUBMIT_RATE_LIMIT: '1000', SCREENING_IP_LIMIT: '1000' } });
});
afterAll(async () => {
  await stack?.stop();
});

const db = (service: string) => stack.marketplace.services.get(service as never)!.ctx.db;

describe('screening outage', () => {
  it('answers "pending" within the bound while screening is down; once back, the lead is screened, priced, matched and the customer told', async () => {
    const zip = uniqueZip('7');
    const contractor = await signUpFundedContractor(stack, { zip_codes: zip });
    await waitUntilMatchable(stack, contractor.id);
    const screening = stack.marketplace.services.get('screening')!;
    await screening.stopConsumers();
    let leadId: string;
    const phone = `+1212555${String(randomInt(10_000)).padStart(4, '0')}`;
    try {
      const started = Date.now();
      const res = await stack.call('leads-submit', {
        body: {
          customer_name: 'Rita Moreno',
          phone,
          email: 'rita.moreno@example.org',
          zip_code: zip,
          service_category: 'home_services',
          sub_service: 'hvac',
          description: 'The furnace stopped heating last night and the house is getting cold.',
          urgency: 'Standard',
        },
      });
      const elapsed = Date.now() - started;
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'pending',
        validation_summary: null,
        message: MESSAGES.leadSubmit.pending,
      });
      // Bounded by the wait, plus the time of the request itself (generous: the machine is shared).
      expect(elapsed).toBeGreaterThanOrEqual(SCREENING_WAIT_MS - 50);
      expect(elapsed).toBeLessThan(SCREENING_WAIT_MS + 2000);
      leadId = res.body.lead_id;
      const row = await db('lead-intake').selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirst();
      expect(row).toMatchObject({ status: 'screening', verdict_awaited: true });
    } finally {
      await screening.startConsumers();
    }
    // Screened (lead-intake stores LeadScreened's verdict) ...
    await waitFor(
      async () =>
        (await db('lead-intake').selectFrom('leads').select('status').where('id', '=', leadId).executeTakeFirst())
          ?.status === 'available',
      'the lead screened once screening is back',
      30_000,
    );
    // ... priced by wallet-ledger ...
    const priced = await waitFor(
      () => db('wallet-ledger').selectFrom('leads').selectAll().where('lead_id', '=', leadId).executeTakeFirst(),
      'the lead priced',
      30_000,
    );
    expect(Number(priced.price_cents)).toBeGreaterThan(0);
    // ... matched and offered to the contractor of its area ...
    await waitFor(
      () =>
        db('matching')
          .selectFrom('offers')
          .select('contractor_id')
          .where('lead_id', '=', leadId)
          .where('contractor_id', '=', contractor.id)
          .executeTakeFirst(),
      'the offer to the contractor of the area',
      30_000,
    );
    // ... and the customer, told "checking it" by the form, hears the outcome by SMS and email.
    const told = await waitFor(
      async () => {
        const rows = await db('notification')
          .selectFrom('deliveries')
          .select(['channel', 'recipient', 'body'])
          .where('lead_id', '=', leadId)
          .where('kind', '=', 'customer_update')
          .execute();
        return rows.length === 2 ? rows : undefined;
      },
      'the customer told the outcome',
      30_000,
    );
    const sms = told.find((d) => d.channel === 'sms')!;
    expect(sms.recipient).toBe(phone);
    expect(sms.body).toContain('was accepted');
    expect(told.find((d) => d.channel === 'email')?.recipient).toBe('rita.moreno@example.org');
  });
});
