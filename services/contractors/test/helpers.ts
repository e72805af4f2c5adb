import { contractorSignupBody, signUpContractor, type TestStack } from '@leadmarket/gateway/testing';
import type { Kysely } from 'kysely';

/** A complete, valid signup body; `tag` keeps emails and usernames unique across tests. */
export const signupBody = (tag?: string, overrides: Record<string, unknown> = {}) =>
  contractorSignupBody(overrides, tag);

/** Sign up through the gateway; the answer's id and token (throws unless 201). */
export { signUpContractor as signUp };

/** The contractors service's own schema-scoped database. */
export const contractorsDb = (stack: TestStack): Kysely<any> => stack.marketplace.services.get('contractors')!.ctx.db;

/** Every event of `type` this service wrote to its outbox, oldest first. */
export async function outboxEvents(stack: TestStack, type: string): Promise<Array<{ data: any }>> {
  const rows = await contractorsDb(stack)
    .selectFrom('outbox')
    .select(['envelope'])
    .where('type', '=', type)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope));
}
