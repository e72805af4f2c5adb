import { functionPath, MESSAGES } from '@leadmarket/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/http/app.js';
import { createLogger } from '../src/logger.js';

// A function answers only what its contract (FUNCTION_CALLS) allows: createApp gives every function
// route its answer schema, whatever the handler returns.
describe('function answers through their contracts', () => {
  const app = createApp({ logger: createLogger('test', 'silent') });
  let answer: unknown;
  app.get(functionPath('admin-login-options'), async () => answer);
  app.post(functionPath('contractors-signup'), async (_request, reply) => reply.code(201).send(answer));
  app.get(functionPath('admin-leads-export'), async (_request, reply) => reply.type('text/csv').send('id\n1\n'));
  afterAll(() => app.close());

  it('drops what the contract does not name', async () => {
    answer = { multiple_admins: true, password_hash: 'secret' };
    const res = await app.inject({ url: functionPath('admin-login-options') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ multiple_admins: true });
  });

  it('refuses a shape the contract does not allow with a 500, never sending it', async () => {
    answer = { multiple_admins: 'yes' };
    const res = await app.inject({ url: functionPath('admin-login-options') });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe(MESSAGES.server.internal);
    expect(res.body).not.toContain('yes');
  });

  it('checks the answer of the status the contract names (201 for a signup)', async () => {
    answer = {
      success: true,
      contractor_id: 'c1',
      session_token: 't',
      signup_credit: true,
      redirect_url: '/welcome',
      message: 'ok',
      internal: 1,
    };
    const res = await app.inject({ method: 'POST', url: functionPath('contractors-signup'), payload: {} });
    expect(res.statusCode).toBe(201);
    expect(res.json()).not.toHaveProperty('internal');
    answer = { success: true };
    expect(
      (await app.inject({ method: 'POST', url: functionPath('contractors-signup'), payload: {} })).statusCode,
    ).toBe(500);
  });

  it('leaves a CSV answer as it is', async () => {
    const res = await app.inject({ url: functionPath('admin-leads-export') });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('id\n1\n');
  });

  it('refuses to register a function method the contracts do not have', () => {
    const other = createApp({ logger: createLogger('test', 'silent') });
    expect(() => other.post(functionPath('admin-login-options'), async () => ({}))).toThrow(/no contract/);
  });
});
