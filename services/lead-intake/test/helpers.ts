import { randomInt, randomUUID } from 'node:crypto';
import type { TestStack } from '@leadmarket/gateway/testing';
import type { Kysely } from 'kysely';

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
export const leadDb = (stack: TestStack): Kysely<any> => stack.marketplace.services.get('lead-intake')!.ctx.db;

export const screeningDb = (stack: TestStack): Kysely<any> => stack.marketplace.services.get('screening')!.ctx.db;

export async function leadRow(stack: TestStack, id: string) {
  return leadDb(stack).selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function leadCount(stack: TestStack): Promise<number> {
  const r = await leadDb(stack).selectFrom('leads').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}
