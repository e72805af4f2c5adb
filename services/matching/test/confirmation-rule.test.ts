import {
  devOutbox,
  signUpFundedContractor,
  startTestStack,
  uniqueZip,
  type TestStack,
} from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ADMIN_PASSWORD } from '../../admin/src/config.js';

// The phone confirmation rule of a category (docs/adr/0045-phone-confirmed-before-the-offer.md),
// applied by matching from events: under "confirmed only" a lead waits for LeadContactConfirmed,
// and one never confirmed is offered after the wait or expires (the customer told), as the rule
// says. Every service runs; SMS go to the development outbox. The tests run one after another and
// each sets the rule of home_services it needs.
let stack: TestStack;
let matchingDb: Kysely<any>;
let admin: string;

beforeAll(async () => {
  stack = await startTestStack({
    env: { LEAD_SUBMIT_RATE_LIMIT: '1000', SCREENING_IP_LIMIT: '1000', CONFIRMATION_SWEEP_MS: '100' },
  });
  matchingDb = stack.marketplace.services.get('matching')!.ctx.db;
  const login = await stack.call('admin-login', { body: { password: DEV_ADMIN_PASSWORD } });
  admin = login.body.session_token;
});
afterAll(async () => {
  await stack?.stop();
});

const outbox = () => devOutbox(stack);
const fourDigits = () => String(1000 + randomInt(8999));

async function setRule(rule: { mode: string; wait_minutes: number; after_wait: string }) {
  const res = await stack.call('admin-confirmation-rules', {
    method: 'PUT',
    token: admin,
    body: { service_category: 'home_services', ...rule },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(
    res.body.rules.find((r: { service_category: string }) => r.service_category === 'home_services'),
  ).toMatchObject(rule);
}

/** A funded HVAC contractor of a fresh ZIP code (texted offers), and an HVAC request from there. */
async function contractorAndLead() {
  const zip = uniqueZip('7');
  const last4 = fourDigits();
  const contractor = await signUpFundedContractor(stack, {
    phone: `(713) 555-${last4}`,
    zip_codes: zip,
    sms_opt_in: true,
  });
  const customer = `312555${fourDigits()}`;
  const res = await stack.call('leads-submit', {
    body: {
      customer_name: 'Dale Gribble',
      phone: customer,
      email: null,
      zip_code: zip,
      service_category: 'home_services',
      sub_service: 'hvac',
      description: 'The heat pump freezes over every night and the house is cold.',
      urgency: 'Emergency',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    contractor: { ...contractor, e164: `+1713555${last4}` },
    customer: `+1${customer}`,
    leadId: res.body.lead_id as string,
    zip,
  };
}

/** matching's row of a lead, once LeadPriced's consumer stored it. */
const storedLead = (leadId: string) =>
  waitFor(
    () => matchingDb.selectFrom('leads').selectAll().where('lead_id', '=', leadId).executeTakeFirst(),
    'the lead at matching',
    20_000,
  );

/** matching's outbox events of one type for a lead. */
const eventsOf = async (type: string, leadId: string) =>
  (
    await matchingDb
      .selectFrom('outbox')
      .select('envelope')
      .where('type', '=', type)
      .where(sql<boolean>`envelope->'data'->>'lead_id' = ${leadId}`)
      .execute()
  ).map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope));

/** The lead's wait has passed, as the clock would have it. */
const waitPassed = (leadId: string, minutes: number) =>
  matchingDb
    .updateTable('leads')
    .set({ submitted_at: sql`submitted_at - make_interval(mins => ${minutes + 1})` })
    .where('lead_id', '=', leadId)
    .execute();

describe('the phone confirmation rule of a category', () => {
  it('offers at once by default, and marks the lead once its phone is confirmed', async () => {
    await setRule({ mode: 'at_once', wait_minutes: 60, after_wait: 'offer' });
    const { contractor, customer, leadId } = await contractorAndLead();
    const sms = await waitFor(
      async () => (await outbox()).find((m) => m.to === contractor.e164 && m.body.includes('/claim/')),
      'the offer SMS',
      20_000,
    );
    expect(sms.body).toContain('Phone not confirmed yet');
    const code = await waitFor(
      async () => /code is (\d{6})/.exec((await outbox()).find((m) => m.to === customer)?.body ?? '')?.[1],
      'the code SMS',
      20_000,
    );
    expect((await stack.call('leads-confirm-phone', { body: { lead_id: leadId, code } })).status).toBe(200);
    const card = await waitFor(
      async () => {
        const res = await stack.call('contractors-available-leads', { token: contractor.token });
        const found = res.body.available_leads?.find((l: { id: string }) => l.id === leadId);
        return found?.phone_confirmed_at ? found : undefined;
      },
      'the card marked confirmed',
      20_000,
    );
    expect(card).toMatchObject({ line_type: 'mobile_or_landline', email_present: false });
  });

  it('under "confirmed only" holds the lead back until the customer confirms, then offers it', async () => {
    await setRule({ mode: 'confirmed_only', wait_minutes: 60, after_wait: 'offer' });
    const { contractor, customer, leadId } = await contractorAndLead();
    // LeadPriced's consumer stores the lead and, had it matched it, LeadMatched in the same transaction.
    expect((await storedLead(leadId)).status).toBe('awaiting_confirmation');
    expect(await eventsOf('LeadMatched', leadId)).toEqual([]);
    const res = await stack.call('contractors-available-leads', { token: contractor.token });
    expect(res.body.available_leads.map((l: { id: string }) => l.id)).not.toContain(leadId);

    const code = await waitFor(
      async () => /code is (\d{6})/.exec((await outbox()).find((m) => m.to === customer)?.body ?? '')?.[1],
      'the code SMS',
      20_000,
    );
    expect((await stack.call('leads-confirm-phone', { body: { lead_id: leadId, code } })).status).toBe(200);
    const sms = await waitFor(
      async () => (await outbox()).find((m) => m.to === contractor.e164 && m.body.includes('/claim/')),
      'the offer SMS after the confirmation',
      20_000,
    );
    expect(sms.body).toContain('Phone confirmed');
    const [matched] = await eventsOf('LeadMatched', leadId);
    expect(matched.data.phone_confirmed_at).toEqual(expect.any(String));

    // The purchase receipt signs the confirmation that came before the sale.
    const bought = await stack.call('purchase-lead', { body: { lead_id: leadId }, token: contractor.token });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const receipt = await waitFor(
      async () => {
        const res = await stack.call('get-lead-receipt', { query: { lead_id: leadId }, token: contractor.token });
        return res.status === 200 && res.body.receipt.phone_confirmed_at ? res.body : undefined;
      },
      'the receipt with the confirmation',
      20_000,
    );
    expect(new Date(receipt.receipt.phone_confirmed_at).getTime()).toBe(
      new Date(matched.data.phone_confirmed_at).getTime(),
    );
    const verified = await stack.call('verify-lead-receipt', { body: { lead_id: leadId, code: receipt.code } });
    expect(verified.body).toMatchObject({ valid: true });
  });

  it('offers a lead never confirmed once the wait passes, when the rule says offer', async () => {
    await setRule({ mode: 'confirmed_only', wait_minutes: 5, after_wait: 'offer' });
    const { contractor, leadId } = await contractorAndLead();
    expect((await storedLead(leadId)).status).toBe('awaiting_confirmation');
    await waitPassed(leadId, 5);
    const sms = await waitFor(
      async () => (await outbox()).find((m) => m.to === contractor.e164 && m.body.includes('/claim/')),
      'the offer SMS after the wait',
      20_000,
    );
    expect(sms.body).toContain('Phone not confirmed yet');
    expect((await storedLead(leadId)).status).toBe('available');
  });

  it('expires a lead never confirmed once the wait passes, and tells the customer, when the rule says expire', async () => {
    await setRule({ mode: 'confirmed_only', wait_minutes: 5, after_wait: 'expire' });
    const { contractor, customer, leadId } = await contractorAndLead();
    expect((await storedLead(leadId)).status).toBe('awaiting_confirmation');
    await waitPassed(leadId, 5);
    const told = await waitFor(
      async () => (await outbox()).find((m) => m.to === customer && m.body.includes('was not confirmed')),
      'the customer told',
      20_000,
    );
    expect(told.body).toContain('HVAC request');
    const [expired] = await eventsOf('LeadExpired', leadId);
    expect(expired.data).toMatchObject({ lead_id: leadId, unconfirmed_after_minutes: 5 });
    expect(expired.data.after_rounds).toBeUndefined();
    expect(await eventsOf('LeadMatched', leadId)).toEqual([]);
    expect((await outbox()).filter((m) => m.to === contractor.e164 && m.body.includes('/claim/'))).toEqual([]);
    const intake = stack.marketplace.services.get('lead-intake')!.ctx.db as Kysely<any>;
    await waitFor(
      async () =>
        (await intake.selectFrom('leads').select('status').where('id', '=', leadId).executeTakeFirst())?.status ===
        'expired',
      'the lead expired at lead-intake',
      20_000,
    );
  });

  it('keeps every change in the audit log, and refuses a rule in plain words', async () => {
    await setRule({ mode: 'confirmed_only', wait_minutes: 30, after_wait: 'expire' });
    const bad = await stack.call('admin-confirmation-rules', {
      method: 'PUT',
      token: admin,
      body: { service_category: 'home_services', mode: 'confirmed_only', wait_minutes: 0, after_wait: 'offer' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/at least 1 minute/);
    const audit = await waitFor(
      async () => {
        const res = await stack.call('admin-audit-log', { token: admin });
        return res.body.entries?.find(
          (e: { action: string; after: { wait_minutes?: number } }) =>
            e.action === 'matching.confirmation_rule_update' && e.after?.wait_minutes === 30,
        );
      },
      'the audit entry',
      20_000,
    );
    expect(audit).toMatchObject({ target_id: 'home_services' });
    const read = await stack.call('admin-confirmation-rules', { token: admin });
    expect(read.body.rules.find((r: { service_category: string }) => r.service_category === 'legal')).toMatchObject({
      mode: 'at_once',
      updated_at: null,
    });
  });
});
