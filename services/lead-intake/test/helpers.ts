import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { signUpFundedContractor, type TestStack } from '@leadmarket/gateway/testing';
import { hashToken } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import type { Kysely } from 'kysely';
import type { LeadIntakeDatabase, LeadStatus } from '../src/db/database.js';
import type { NewLead } from '../src/db/lead.repository.js';

/** A valid US number (NANP 555-01xx fictional range is accepted by libphonenumber; area codes vary per call). */
export function uniquePhone(): string {
  const areas = ['201', '212', '312', '415', '617', '713'];
  return `+1${areas[randomInt(areas.length)]}555${String(randomInt(10_000)).padStart(4, '0')}`;
}

/** A lead row as the submit stores it (lead.repository's NewLead), for tests of the statements below the submit. */
export const newLeadRecord = (over: Partial<NewLead> = {}): NewLead => ({
  id: randomUUID(),
  customer_name: 'Jane Doe',
  phone: '+12125550147',
  email: null,
  zip_code: '94107',
  service_category: 'home_services',
  sub_service: 'plumbing',
  description: 'Kitchen sink is leaking under the cabinet.',
  urgency: 'Standard',
  preferred_contractor_id: null,
  client_ip_hash: null,
  is_test: false,
  created_at: new Date(),
  idempotency_key: null,
  request_hash: null,
  ...over,
});

/** A complete, valid richer-form lead; every call gets its own phone so no two collide as duplicates. */
export function leadBody(overrides: Record<string, unknown> = {}) {
  return {
    customer_name: 'Jane Doe',
    phone: uniquePhone(),
    zip_code: '10001',
    service_category: 'home_services',
    sub_service: `plumbing-${randomUUID().slice(0, 6)}`,
    description: 'The kitchen sink is leaking under the cabinet and needs a repair this week.',
    email: 'jane.doe@example.com',
    urgency: 'Standard',
    ...overrides,
  };
}

/** lead-intake's own schema-scoped database. */
export const leadDb = (stack: TestStack): Kysely<LeadIntakeDatabase> =>
  stack.marketplace.services.get('lead-intake')!.ctx.db;

/** screening's schema, peeked at by tests of the whole pipeline (untyped: services do not import one another). */
export const screeningDb = (stack: TestStack): Kysely<any> => stack.marketplace.services.get('screening')!.ctx.db;

export async function leadRow(stack: TestStack, id: string) {
  return leadDb(stack).selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function leadCount(stack: TestStack): Promise<number> {
  const r = await leadDb(stack)
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A fresh claim token (matching's are 192 bits of HMAC; the claim page only knows them by their hash). */
export const claimToken = (): string => randomBytes(32).toString('base64url');

/**
 * Offer a lead to contractors as matching does: in one matching transaction, its offers stored (the
 * token's hash only), in round 1 unless given, and LeadMatched (no tokens) written to its outbox for
 * the others. With `priced` (the default: a real wallet-ledger runs), first waits for the lead's
 * LeadPriced at matching (the lead stored with its price), as an offer is only made at the fixed price, and after, for wallet-ledger
 * to know who was offered (dashboard purchase eligibility).
 */
export async function offerLead(
  stack: TestStack,
  leadId: string,
  offers: Array<{ contractor_id: string; claim_token: string; expires_at?: string; round?: number }>,
  { priced = true }: { priced?: boolean } = {},
): Promise<void> {
  const matching = stack.marketplace.services.get('matching')!;
  if (priced)
    await waitFor(
      () =>
        matching.ctx.db
          .selectFrom('leads')
          .select('lead_id')
          .where('lead_id', '=', leadId)
          .where('price_cents', 'is not', null)
          .executeTakeFirst(),
      `matching knows the price of lead ${leadId}`,
      10_000,
    );
  const lead = await leadRow(stack, leadId);
  if (!lead) throw new Error(`no lead ${leadId}`);
  const price = await matching.ctx.db
    .selectFrom('leads')
    .select('price_cents')
    .where('lead_id', '=', leadId)
    .where('price_cents', 'is not', null)
    .executeTakeFirst();
  await matching.ctx.db.transaction().execute(async (trx) => {
    const ranked = await trx
      .selectFrom('offers')
      .select((eb) => eb.fn.max('rank').as('rank'))
      .where('lead_id', '=', leadId)
      .executeTakeFirst();
    const made = offers.map((o, i) => ({
      lead_id: leadId,
      contractor_id: o.contractor_id,
      rank: Number(ranked?.rank ?? 0) + i + 1,
      round: o.round ?? 1,
      claim_token_hash: hashToken(o.claim_token),
      score: 1,
      offered_at: new Date().toISOString(),
      expires_at: o.expires_at ?? new Date(Date.now() + 72 * 3600_000).toISOString(),
    }));
    await trx.insertInto('offers').values(made).execute();
    await matching.ctx.emit(trx, [
      {
        type: 'LeadMatched',
        data: {
          lead_id: leadId,
          service_category: lead.service_category,
          sub_service: lead.sub_service,
          zip_code: lead.zip_code,
          price_cents: Number(price?.price_cents ?? 2000),
          offers: made.map((o) => ({
            contractor_id: o.contractor_id,
            rank: o.rank,
            round: o.round,
            expires_at: o.expires_at,
          })),
          matched_at: new Date().toISOString(),
        },
      },
    ]);
  });
  if (priced)
    await waitFor(
      async () =>
        (
          await stack.marketplace.services
            .get('wallet-ledger')!
            .ctx.db.selectFrom('lead_offers')
            .select('contractor_id')
            .where('lead_id', '=', leadId)
            .execute()
        ).length >= offers.length,
      'wallet-ledger knows who was offered the lead',
      20_000,
    );
}

/** Submit a lead and wait until it is available (screened valid). */
export async function availableLead(stack: TestStack, overrides: Record<string, unknown> = {}) {
  const body = leadBody(overrides);
  const res = await stack.call('leads-submit', { body });
  if (res.status !== 200) throw new Error(`submit failed: ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.lead_id as string;
  await waitFor(async () => (await leadRow(stack, id))?.status === 'available', `lead ${id} available`, 20_000);
  return { id, body };
}

/** An available lead offered to `contractorId` alone: its id, the submitted body and the claim token. */
export async function leadOfferedTo(
  stack: TestStack,
  contractorId: string,
  overrides: Record<string, unknown> = {},
  options: { priced?: boolean } = {},
) {
  const lead = await availableLead(stack, overrides);
  const token = claimToken();
  await offerLead(stack, lead.id, [{ contractor_id: contractorId, claim_token: token }], options);
  return { ...lead, token };
}

/** A lead bought by `contractorId` `minutesAgo` minutes ago, stored as lead-intake records a purchase. */
export async function insertBoughtLead(
  stack: TestStack,
  contractorId: string,
  minutesAgo: number,
  over: {
    name?: string;
    zip?: string;
    category?: string;
    status?: LeadStatus;
    refunded?: boolean;
    channel?: 'claim' | 'dashboard';
  } = {},
) {
  const id = randomUUID();
  const at = new Date(Date.now() - minutesAgo * 60_000);
  await leadDb(stack)
    .insertInto('leads')
    .values({
      id,
      customer_name: over.name ?? 'Jane Doe',
      phone: '+12125550100',
      email: null,
      zip_code: over.zip ?? '10001',
      service_category: over.category ?? 'home_services',
      sub_service: 'plumbing',
      description: 'Leaking sink',
      urgency: 'Standard',
      is_test: false,
      status: over.status ?? 'purchased',
      created_at: at,
      purchased_by: contractorId,
      purchase_id: randomUUID(),
      price_cents: 2000,
      purchase_channel: over.channel ?? 'dashboard',
      purchased_at: at,
      refunded_at: over.refunded ? new Date() : null,
    })
    .execute();
  return id;
}

/** A funded contractor in 10001 that takes no SMS: the buyer the claim and outcome tests offer leads to. */
export const fundedBuyer = (stack: TestStack) =>
  signUpFundedContractor(stack, { phone: '(212) 555-0100', zip_codes: '10001', sms_opt_in: false });
