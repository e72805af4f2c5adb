// Admin "Create Test Lead" tells the truth: success only for a lead screening accepted.
import { MESSAGES } from '@leadmarket/contracts';
import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './helpers.js';

let stack: TestStack;
let token: string;

beforeAll(async () => {
  // The answer itself is under test, not the bounded wait: a busy machine may screen slowly.
  stack = await startTestStack({ env: { ADMIN_LOGIN_MAX_ATTEMPTS: '1000', SCREENING_WAIT_MS: '15000' } });
  token = await adminToken(stack);
});
afterAll(async () => {
  await stack?.stop();
});

const phone = () => `2125557${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

describe('admin-utilities create_lead', () => {
  it('answers screening’s rejection, with what to fix, for a rejected test lead', async () => {
    const res = await stack.call('admin-utilities', {
      token,
      body: {
        action: 'create_lead',
        customer_name: 'Tess Test',
        phone: phone(),
        email: 'tess@mailinator.com',
        service_category: 'home_services',
        sub_service: `plumbing-${Math.random().toString(36).slice(2, 8)}`,
        zip_code: '02139',
        description: 'Admin test lead: the shower drain is slow',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('rejected');
    expect(res.body.message).not.toBe(MESSAGES.adminSuccess.testLeadCreated);
    expect(res.body.message).toMatch(/screening rejected it: .*disposable/);
    expect(res.body.problems).toEqual([{ field: 'email', message: expect.stringMatching(/disposable/) }]);
  });

  it('answers the success text for a valid one', async () => {
    const res = await stack.call('admin-utilities', {
      token,
      body: {
        action: 'create_lead',
        customer_name: 'Tess Test',
        phone: phone(),
        email: 'tess@example.com',
        service_category: 'home_services',
        sub_service: `plumbing-${Math.random().toString(36).slice(2, 8)}`,
        zip_code: '02139',
        description: 'Admin test lead: the shower drain is slow',
      },
    });
    expect(res.body).toMatchObject({
      status: 'valid',
      message: MESSAGES.adminSuccess.testLeadCreated,
      problems: [],
      reasons: [],
    });
  });
});
