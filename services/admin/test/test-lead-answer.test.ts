// Admin "Create Test Lead" tells the truth: success only for a lead screening accepted.
import { MESSAGES } from '@leadmarket/contracts';
import type { TestStack } from '@leadmarket/gateway/testing';
import { describe, expect, it } from 'vitest';
import { adminStackForFile } from './helpers.js';

let stack: TestStack;
let token: string;

// The answer itself is under test, not the bounded wait: a busy machine may screen slowly.
adminStackForFile((started) => ({ stack, token } = started), { SCREENING_WAIT_MS: '15000' });

const phone = () => `2125557${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

/** Admin "Create Test Lead" for a new plumbing trade each time, differing only in its email. */
const createTestLead = (email: string) =>
  stack.call('admin-utilities', {
    token,
    body: {
      action: 'create_lead',
      customer_name: 'Tess Test',
      phone: phone(),
      email,
      service_category: 'home_services',
      sub_service: `plumbing-${Math.random().toString(36).slice(2, 8)}`,
      zip_code: '02139',
      description: 'Admin test lead: the shower drain is slow',
    },
  });

describe('admin-utilities create_lead', () => {
  it('answers screening’s rejection, with what to fix, for a rejected test lead', async () => {
    const res = await createTestLead('tess@mailinator.com');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('rejected');
    expect(res.body.message).not.toBe(MESSAGES.adminSuccess.testLeadCreated);
    expect(res.body.message).toMatch(/screening rejected it: .*disposable/);
    expect(res.body.problems).toEqual([{ field: 'email', message: expect.stringMatching(/disposable/) }]);
  });

  it('answers the success text for a valid one', async () => {
    const res = await createTestLead('tess@example.com');
    expect(res.body).toMatchObject({
      status: 'valid',
      message: MESSAGES.adminSuccess.testLeadCreated,
      problems: [],
      reasons: [],
    });
  });
});
