import { randomInt } from 'node:crypto';
import {
  signUpContractor,
  uniqueZip,
  type TestStack,
  testStackForFile,
  buyFromDashboard,
} from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEV_ADMIN_PASSWORD } from '../../admin/src/config.js';
import { leadBody } from './helpers.js';

// The customer is told who bought their request. Every service runs: the purchase goes
// through the dashboard's purchase-lead; lead-intake emits CustomerToBeTold with the contact, and
// notification names the buyer's business and phone (from its contractor projection).
let stack: TestStack;

testStackForFile((started) => (stack = started), {
  env: { LEAD_SUBMIT_RATE_LIMIT: '1000', SCREENING_IP_LIMIT: '1000' },
});

interface OutboxMessage {
  channel: string;
  to: string;
  subject: string | null;
  body: string;
  status: string;
}
const outbox = async (): Promise<OutboxMessage[]> =>
  (await stack.marketplace.clients.call<{ messages: OutboxMessage[] }>('notification', '/internal/outbox')).messages;

const fourDigits = () => String(1000 + randomInt(8999));

/** A contractor buys a fresh lead from its dashboard; resolves when purchase-lead answered 200. */
async function leadBoughtFromDashboard(customer: { name: string; digits: string }) {
  const zip = uniqueZip('4');
  const buyer = await signUpContractor(stack, {
    business_name: 'Cool Air Brothers',
    phone: '(713) 555-0188',
    zip_codes: zip,
    sms_opt_in: false,
  });
  await waitFor(
    async () =>
      (
        await stack.marketplace.clients.call<{ balance_cents: number }>(
          'wallet-ledger',
          `/internal/wallets/${buyer.id}`,
        )
      ).balance_cents >= 2500,
    'signup credit',
    20_000,
  );
  const body = leadBody({
    zip_code: zip,
    sub_service: 'hvac',
    customer_name: customer.name,
    phone: customer.digits,
    email: `${customer.name.split(' ')[0]!.toLowerCase()}.${fourDigits()}@example.com`,
  });
  const submitted = await stack.call('leads-submit', { body });
  expect(submitted.body.status).toBe('valid');
  const leadId = submitted.body.lead_id as string;
  // The dashboard shows the lead once matching offered it; buy it there.
  const purchased = await buyFromDashboard(stack, buyer, leadId, 20_000);
  expect(purchased.status, JSON.stringify(purchased.body)).toBe(200);
  return { leadId, email: body.email as string, buyer };
}

/** The phone confirmation code's SMS (screening texts every accepted request one, docs/adr/0045-phone-confirmed-before-the-offer.md). */
const isCodeSms = (m: OutboxMessage) => /code is \d{6}/.test(m.body);

/** The customer's sent SMS and email (the confirmation code's SMS aside). */
const toldMessages = (phone: string, email: string) =>
  waitFor(
    async () => {
      const mine = (await outbox()).filter((m) => (m.to === phone || m.to === email) && !isCodeSms(m));
      const sms = mine.find((m) => m.channel === 'sms' && m.status === 'sent');
      const mail = mine.find((m) => m.channel === 'email' && m.status === 'sent');
      return sms && mail ? { sms, email: mail } : undefined;
    },
    'the customer SMS and email',
    20_000,
  );

describe('the customer is told who bought the lead', () => {
  it('texts and emails the customer the buyer business name and phone within 2 s of the purchase', async () => {
    const last4 = fourDigits();
    const { leadId, email, buyer } = await leadBoughtFromDashboard({
      name: 'Peggy Hill',
      digits: `(713) 555-${last4}`,
    });
    const boughtAt = Date.now();
    const told = await toldMessages(`+1713555${last4}`, email);
    expect(Date.now() - boughtAt).toBeLessThan(2000);
    expect(told.sms.body).toContain('Hi Peggy, Cool Air Brothers took your');
    expect(told.sms.body).toContain('(713) 555-0188');
    expect(told.sms.body).toContain('Expect a call within 15 minutes');
    expect(told.email.subject).toContain('Cool Air Brothers');
    expect(told.email.body).toContain('(713) 555-0188');
    // Told once: the buyer's repeated purchase (idempotent, same answer) queues nothing new.
    const again = await stack.call('purchase-lead', { body: { lead_id: leadId }, token: buyer.token });
    expect(again.status).toBe(200);
    expect((await outbox()).filter((m) => m.to === `+1713555${last4}` && !isCodeSms(m))).toHaveLength(1);
  });

  it('a deleted lead erases the customer from those messages and from the outbox event that carried them', async () => {
    const last4 = fourDigits();
    const name = 'Luanne Platter';
    const { leadId, email } = await leadBoughtFromDashboard({ name, digits: `(713) 555-${last4}` });
    await toldMessages(`+1713555${last4}`, email);
    const db = stack.marketplace.services.get('notification')!.ctx.db;
    const holding = async () => {
      const found: string[] = [];
      for (const [table, column] of [
        ['notification.deliveries', 'recipient'],
        ['notification.deliveries', 'body'],
        ['lead_intake.outbox', 'envelope'],
      ] as const)
        for (const needle of [`555${last4}`, `555-${last4}`, email, 'Luanne'])
          if (
            (
              await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}
                where ${sql.ref(column)}::text ilike ${`%${needle}%`}`.execute(db)
            ).rows[0]!.n > 0
          )
            found.push(`${table}.${column}: ${needle}`);
      return found;
    };
    // Before the deletion the search finds the copies (so it can fail).
    expect((await holding()).length).toBeGreaterThan(0);
    const login = await stack.call('admin-login', { body: { password: DEV_ADMIN_PASSWORD } });
    const del = await stack.call('admin-delete-lead', {
      method: 'DELETE',
      token: login.body.session_token,
      body: { lead_id: leadId },
    });
    expect(del.status).toBe(200);

    let left: string[] = [];
    await waitFor(
      async () => {
        left = await holding();
        return left.length === 0;
      },
      'the customer erased',
      20_000,
    ).catch(() => {});
    expect(left).toEqual([]);
  });
});
