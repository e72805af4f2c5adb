import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { TestStack } from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import type { Kysely } from 'kysely';
import type { LeadIntakeDatabase } from '../src/db/database.js';

/** A valid US number (NANP 555-01xx fictional range is accepted by libphonenumber; area codes vary per call). */
export function uniquePhone(): string {
  const areas = ['201', '212', '312', '415', '617', '713'];
  return `+1${areas[randomInt(areas.length)]}555${String(randomInt(10_000)).padStart(4, '0')}`;
}

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

/** A fresh claim token, as matching makes them (256 bits). */
export const claimToken = (): string => randomBytes(32).toString('base64url');

/**
 * Offer a lead to contractors the way matching does: a LeadMatched event, written to an outbox
 * (lead-intake's, as a test publisher) and consumed by lead-intake's LeadMatched consumer.
 * Resolves once the offers are stored.
 */
export async function offerLead(
  stack: TestStack,
  leadId: string,
  offers: Array<{ contractor_id: string; claim_token: string; expires_at?: string }>,
): Promise<void> {
  const service = stack.marketplace.services.get('lead-intake')!;
  const lead = await leadRow(stack, leadId);
  if (!lead) throw new Error(`no lead ${leadId}`);
  await service.ctx.db.transaction().execute(async (trx) => {
    await service.ctx.emit(trx, [
      {
        type: 'LeadMatched',
        data: {
          lead_id: leadId,
          service_category: lead.service_category,
          sub_service: lead.sub_service,
          zip_code: lead.zip_code,
          price_cents: 2000,
          offers: offers.map((o, i) => ({
            contractor_id: o.contractor_id,
            claim_token: o.claim_token,
            rank: i + 1,
            expires_at: o.expires_at ?? new Date(Date.now() + 72 * 3600_000).toISOString(),
          })),
          matched_at: new Date().toISOString(),
        },
      },
    ]);
  });
  await waitFor(
    async () => {
      const rows = await leadDb(stack)
        .selectFrom('lead_offers')
        .select('token_hash')
        .where('lead_id', '=', leadId)
        .execute();
      return rows.length >= offers.length;
    },
    'the offers stored by the LeadMatched consumer',
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
export async function leadOfferedTo(stack: TestStack, contractorId: string, overrides: Record<string, unknown> = {}) {
  const lead = await availableLead(stack, overrides);
  const token = claimToken();
  await offerLead(stack, lead.id, [{ contractor_id: contractorId, claim_token: token }]);
  return { ...lead, token };
}
