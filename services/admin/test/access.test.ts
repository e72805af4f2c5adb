import { functionsWithAuth, ROUTES, type FunctionName } from '@leadmarket/contracts';
import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import { randomToken } from '@leadmarket/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './helpers.js';

// Every admin function of the route table, found at run time: a function added later is covered without editing this file.
const ADMIN_FUNCTIONS = functionsWithAuth('admin');
const calls = ADMIN_FUNCTIONS.flatMap((name) =>
  ROUTES[name].methods.map((method) => [name, method] as [FunctionName, string]),
);

let stack: TestStack;
let token: string;
beforeAll(async () => {
  stack = await startTestStack();
  token = await adminToken(stack);
});
afterAll(async () => {
  await stack?.stop();
});

describe('admin access matrix', () => {
  it('covers every admin function of the route table', () => {
    expect(ADMIN_FUNCTIONS.length).toBeGreaterThanOrEqual(17);
    expect(ADMIN_FUNCTIONS).toContain('admin-site-messages');
    expect(ADMIN_FUNCTIONS).toContain('admin-audit-log');
  });

  it.each(calls)('%s %s refuses a caller without an admin session', async (name, method) => {
    const res = await stack.call(name, { method, body: method === 'GET' ? undefined : {} });
    expect(res.status).toBe(401);
  });

  it.each(calls)('%s %s refuses a contractor-like bearer token and session_token fields', async (name, method) => {
    const contractorToken = randomToken();
    const asBearer = await stack.call(name, {
      method,
      token: contractorToken,
      body: method === 'GET' ? undefined : { session_token: contractorToken },
    });
    expect(asBearer.status).toBe(401);
    const asField = await stack.call(name, {
      method,
      query: { session_token: contractorToken },
      body: method === 'GET' ? undefined : { session_token: contractorToken },
    });
    expect(asField.status).toBe(401);
  });

  it.each(calls)('%s %s is served by a real handler for an admin (never 401 or 501)', async (name, method) => {
    // Logging out ends the session it is called with, so it gets a session of its own.
    const caller = name === 'admin-logout' ? await adminToken(stack) : token;
    const res = await stack.call(name, { method, token: caller, body: method === 'GET' ? undefined : {} });
    const seen = `${res.status} ${JSON.stringify(res.body)}`;
    expect(res.status, seen).not.toBe(401);
    expect(res.status, seen).not.toBe(501);
    // Every owner runs here, so nothing answers a 5xx.
    expect(res.status, seen).toBeLessThan(500);
  });

  it.each(calls.filter(([name]) => name !== 'admin-logout'))(
    '%s %s answers odd input with a 4xx, never a 5xx',
    async (name, method) => {
      const bodies: unknown[] = [
        null,
        [],
        'text',
        42,
        { contractor_id: {}, amount: [], lead_ids: [{}], contractor_ids: 'x', price: 'abc' },
      ];
      const queries = [{ page: -1, limit: 'abc', status: 'weird', kind: 'nope' }, { contractor_id: 'x'.repeat(300) }];
      for (const body of method === 'GET' ? [undefined] : bodies) {
        for (const query of queries) {
          const res = await stack.call(name, { method, token, body, query });
          expect(
            res.status,
            `${name} ${JSON.stringify(body)} ${JSON.stringify(query)} -> ${JSON.stringify(res.body)}`,
          ).toBeLessThan(500);
        }
      }
      if (method !== 'GET') {
        const malformed = await stack.call(name, { method, token, rawBody: '{"oops"' });
        expect(malformed.status).toBe(400);
      }
    },
  );

  it('refuses a contractor session from the contractors service when one can be made', async () => {
    // A real contractor session (when the contractors service is built) must not open admin functions.
    const signup = await stack.call('contractors-signup', {
      body: {
        contact_name: 'Acc Ess',
        business_name: 'Access Co',
        email: `access.${Date.now()}@example.com`,
        phone: '5551234567',
        industry: 'home_services',
        sub_service: 'plumbing',
        username: `access${Date.now()}`,
        password: 'password123',
        confirm_password: 'password123',
        zip_codes: '10001',
      },
    });
    expect(signup.status).not.toBeGreaterThanOrEqual(500);
    const session: string | undefined = signup.body?.session_token;
    expect(session, 'contractors-signup gives a session token').toBeTruthy();
    for (const [name, method] of calls) {
      const res = await stack.call(name, {
        method,
        token: session,
        body: method === 'GET' ? undefined : { session_token: session },
      });
      expect(res.status, `${name} ${method}`).toBe(401);
    }
  });
});
