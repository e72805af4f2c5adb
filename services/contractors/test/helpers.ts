import type { TestStack } from '@leadmarket/gateway/testing';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

/** A complete, valid signup body; `tag` keeps emails and usernames unique across tests. */
export function signupBody(tag = randomUUID().slice(0, 8), overrides: Record<string, unknown> = {}) {
  return {
    contact_name: 'Ann Smith',
    business_name: `Acme HVAC ${tag}`,
    email: `ann.${tag}@example.com`,
    phone: '(555) 123-4567',
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

/** Sign up through the gateway; the answer's id and token (throws unless 201). */
export async function signUp(stack: TestStack, overrides: Record<string, unknown> = {}, tag?: string) {
  const body = signupBody(tag, overrides);
  const res = await stack.call('contractors-signup', { body });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.contractor_id as string, token: res.body.session_token as string, body };
}

/** The contractors service's own schema-scoped database. */
export const contractorsDb = (stack: TestStack): Kysely<any> => stack.marketplace.services.get('contractors')!.ctx.db;

/** Every event of `type` this service wrote to its outbox, oldest first. */
export async function outboxEvents(stack: TestStack, type: string): Promise<Array<{ data: any }>> {
  const rows = await contractorsDb(stack).selectFrom('outbox').select(['envelope']).where('type', '=', type).orderBy('created_at').execute();
  return rows.map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope));
}
