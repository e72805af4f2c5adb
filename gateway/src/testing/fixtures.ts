import { randomInt, randomUUID } from 'node:crypto';
import { DEFAULT_LEAD_PRICE_CENTS, leadTypeOfUrgency, type EventData } from '@leadmarket/contracts';
import { buildEnvelope } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import type { TestStack } from './stack-types.js';

/** A complete, valid contractors-signup body; `tag` keeps business name, email and username unique. */
export function contractorSignupBody(overrides: Record<string, unknown> = {}, tag = randomUUID().slice(0, 8)) {
  return {
    contact_name: 'Ann Smith',
    business_name: `Acme HVAC ${tag}`,
    email: `ann.${tag}@example.com`,
    // Unique per signup: a deleted account's phone gets no second signup credit (ADR 0007).
    phone: `(555) ${String(randomInt(200, 1000))}-${String(randomInt(10_000)).padStart(4, '0')}`,
    industry: 'home_services',
    sub_service: 'hvac',
    username: `ann_${tag}`,
    password: 'secret-pw-1',
    confirm_password: 'secret-pw-1',
    zip_codes: '10001, 10002',
    sms_opt_in: true,
    ...overrides,
  };
}

/** Sign a contractor up through the gateway: its id, session token and the body sent (throws unless 201). */
export async function signUpContractor(stack: TestStack, overrides: Record<string, unknown> = {}, tag?: string) {
  const body = contractorSignupBody(overrides, tag);
  const res = await stack.call('contractors-signup', { body });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.contractor_id as string, token: res.body.session_token as string, body };
}

/** signUpContractor, then wait until wallet-ledger shows the $25 signup credit (the wallet can buy). */
export async function signUpFundedContractor(stack: TestStack, overrides: Record<string, unknown> = {}) {
  const c = await signUpContractor(stack, overrides);
  await waitFor(
    async () =>
      (await stack.marketplace.clients.call<{ balance_cents: number }>('wallet-ledger', `/internal/wallets/${c.id}`))
        .balance_cents > 0,
    'signup credit',
    15_000,
  );
  return c;
}

/** A random 5-digit ZIP beginning with `first`, so a test's own contractors are the only match. */
export const uniqueZip = (first: string): string => `${first}${String(randomInt(10_000)).padStart(4, '0')}`;

/** A LeadScreened payload for a fresh, valid lead (every check passed); `overrides` replaces any field. */
export function screenedLeadData(overrides: Partial<EventData<'LeadScreened'>> = {}): EventData<'LeadScreened'> {
  const now = new Date().toISOString();
  return {
    lead_id: randomUUID(),
    status: 'valid',
    validation_summary: {
      phone_valid: true,
      email_valid: true,
      content_valid: true,
      is_duplicate: false,
      ip_rate_ok: true,
    },
    reasons: [],
    service_category: 'home_services',
    sub_service: 'plumbing',
    zip_code: '60601',
    urgency: 'Standard',
    description: 'Leaking pipe under the kitchen sink.',
    preferred_contractor_id: null,
    is_test: false,
    submitted_at: now,
    screened_at: now,
    ...overrides,
  };
}

/**
 * The LeadPriced wallet-ledger emits for a valid screened lead (the default price unless given),
 * for tests that run matching without wallet-ledger.
 */
export function leadPricedData(
  lead: EventData<'LeadScreened'>,
  price_cents = DEFAULT_LEAD_PRICE_CENTS,
): EventData<'LeadPriced'> {
  return {
    lead_id: lead.lead_id,
    service_category: lead.service_category,
    sub_service: lead.sub_service,
    zip_code: lead.zip_code,
    urgency: lead.urgency,
    description: lead.description,
    preferred_contractor_id: lead.preferred_contractor_id,
    is_test: lead.is_test,
    submitted_at: lead.submitted_at,
    price_cents,
    lead_type: leadTypeOfUrgency(lead.urgency),
    price_source: { source: 'default', category: lead.service_category, sub_service: '' },
    priced_at: new Date().toISOString(),
  };
}

/** A ContractorRegistered payload for a fresh contractor; `overrides` replaces any field. */
export function contractorRegisteredData(
  overrides: Partial<EventData<'ContractorRegistered'>> = {},
): EventData<'ContractorRegistered'> {
  return {
    contractor_id: randomUUID(),
    business_name: 'B',
    contact_name: 'C',
    email: 'c@example.com',
    phone: '4045550100',
    industry: 'home_services',
    sub_service: 'plumbing',
    zip_codes: ['60601'],
    sms_opt_in: true,
    registered_at: new Date().toISOString(),
    ...overrides,
  };
}

/** Publish a LeadScreened event as leads-submit would (see screenedLeadData); resolves to the payload sent. */
export async function publishScreenedLead(stack: TestStack, overrides: Partial<EventData<'LeadScreened'>> = {}) {
  const data = screenedLeadData(overrides);
  await stack.infra.bus.publish(buildEnvelope('screening', { type: 'LeadScreened', data }));
  return data;
}

/**
 * Wait until matching's own projection has the contractor and a wallet balance of at least
 * `minBalanceCents` (both arrive as events): only then will a lead be offered to them.
 */
export async function waitUntilMatchable(stack: TestStack, contractorId: string, minBalanceCents = 1) {
  const db = stack.marketplace.services.get('matching')!.ctx.db;
  await waitFor(
    async () => {
      const row = await db
        .selectFrom('contractors')
        .innerJoin('wallets', 'wallets.contractor_id', 'contractors.contractor_id')
        .select('wallets.balance_cents')
        .where('contractors.contractor_id', '=', contractorId)
        .executeTakeFirst();
      return row !== undefined && Number(row.balance_cents) >= minBalanceCents;
    },
    `matching to see contractor ${contractorId} with a balance`,
    15_000,
  );
}

/**
 * Wait for a lead on the buyer's dashboard (its Available list, where matching's offer puts it),
 * then buy it there; resolves with the purchase-lead answer for the test to check.
 */
export async function buyFromDashboard(stack: TestStack, buyer: { token: string }, leadId: string, timeoutMs = 15_000) {
  await waitFor(
    async () => {
      const res = await stack.call('contractors-available-leads', { token: buyer.token });
      return (res.body.available_leads as Array<{ id: string }> | undefined)?.some((l) => l.id === leadId);
    },
    'the lead on the buyer dashboard',
    timeoutMs,
  );
  return stack.call('purchase-lead', { body: { lead_id: leadId }, token: buyer.token });
}

/** Wait until wallet-ledger knows a lead (it fixed its price from LeadScreened); resolves with its row. */
export async function waitUntilPriced(stack: TestStack, leadId: string) {
  const db = stack.marketplace.services.get('wallet-ledger')!.ctx.db;
  return waitFor(
    () => db.selectFrom('leads').selectAll().where('lead_id', '=', leadId).executeTakeFirst(),
    `wallet-ledger to price lead ${leadId}`,
    15_000,
  );
}

/** Publish the LeadPriced wallet-ledger would emit for a screened lead (see leadPricedData). */
export async function publishLeadPriced(
  stack: TestStack,
  lead: Parameters<typeof leadPricedData>[0],
  price_cents?: number,
) {
  const data = leadPricedData(lead, price_cents);
  await stack.infra.bus.publish(buildEnvelope('wallet-ledger', { type: 'LeadPriced', data }));
  return data;
}

/** A message in notification's development outbox, as tests read it. */
export interface DevOutboxMessage {
  channel: string;
  to: string;
  body: string;
}

/** Every SMS and email the development providers took, newest first. */
export const devOutbox = async (stack: TestStack): Promise<DevOutboxMessage[]> =>
  (await stack.marketplace.clients.call<{ messages: DevOutboxMessage[] }>('notification', '/internal/outbox')).messages;
