import { functionsWithAuth, MESSAGES, ROUTES, type FunctionName } from '@leadmarket/contracts';
import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import { hashToken } from '@leadmarket/platform';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorsDb, signUp } from './helpers.js';

/**
 * Every contractor function of the route table, called three ways, is refused: with no session
 * (401), with an expired session (401), and with another contractor's session for this contractor's
 * id (403). The list comes from the route table, so a newly added contractor function is covered.
 */
const CONTRACTOR_FUNCTIONS = functionsWithAuth('contractor');

let stack: TestStack;
let victim: { id: string; token: string };
let attacker: { id: string; token: string };
let expiredToken: string;

beforeAll(async () => {
  stack = await startTestStack();
  victim = await signUp(stack);
  attacker = await signUp(stack);
  const expired = await signUp(stack);
  expiredToken = expired.token;
  await contractorsDb(stack)
    .updateTable('sessions')
    .set({ expires_at: sql`now() - interval '1 minute'` })
    .where('token_hash', '=', hashToken(expiredToken))
    .execute();
});
afterAll(async () => {
  await stack?.stop();
});

/** One call of `name` by `method`, carrying the contractor id (and a token, if any) where the spec's browser puts them. */
function callAs(name: FunctionName, method: string, contractorId: string, token?: string) {
  const fields = {
    contractor_id: contractorId,
    lead_id: '00000000-0000-0000-0000-000000000000',
    ...(token ? { session_token: token } : {}),
  };
  return method === 'GET' ? stack.call(name, { method, query: fields }) : stack.call(name, { method, body: fields });
}

const cases = CONTRACTOR_FUNCTIONS.flatMap((name) => ROUTES[name].methods.map((method) => ({ name, method })));

describe('access matrix', () => {
  it('covers every contractor function in the route table', () => {
    expect(CONTRACTOR_FUNCTIONS.length).toBeGreaterThan(10);
    expect(CONTRACTOR_FUNCTIONS).toEqual(
      expect.arrayContaining([
        'contractors-dashboard',
        'contractor-auth-check',
        'update-contractor-profile',
        'update-contractor-sms',
        'contractor-logout',
        'purchase-lead',
      ]),
    );
    expect(cases.length).toBeGreaterThanOrEqual(CONTRACTOR_FUNCTIONS.length);
  });

  it.each(cases)('$method $name: no session → 401', async ({ name, method }) => {
    const res = await callAs(name, method, victim.id);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MESSAGES.contractor.sessionExpired);
  });

  it.each(cases)('$method $name: expired session → 401', async ({ name, method }) => {
    const res = await callAs(name, method, victim.id, expiredToken);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MESSAGES.contractor.sessionExpired);
  });

  it.each(cases)("$method $name: another contractor's session → 403", async ({ name, method }) => {
    const res = await callAs(name, method, victim.id, attacker.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.server.forbidden);
  });

  it.each(cases)('$method $name: a bearer token of another contractor → 403', async ({ name, method }) => {
    const query = { contractor_id: victim.id };
    const res =
      method === 'GET'
        ? await stack.call(name, { method, query, token: attacker.token })
        : await stack.call(name, { method, body: query, token: attacker.token });
    expect(res.status).toBe(403);
  });

  it("the victim's own session still works afterwards (nothing was changed by the refused calls)", async () => {
    const res = await stack.call('contractor-auth-check', {
      body: { session_token: victim.token, contractor_id: victim.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.contractor.id).toBe(victim.id);
  });
});
