import { type TestStack, testStackForFile } from '@leadmarket/gateway/testing';
import { describe, expect, it } from 'vitest';
import { leadBody } from './helpers.js';

// Refused requests count toward the attempts limit only: a customer who corrects a few refused
// requests still sends their accepted ones, while a flood from one address is stopped.
let stack: TestStack;

testStackForFile((started) => (stack = started), {
  env: {
    LEAD_SUBMIT_RATE_LIMIT: '2',
    LEAD_SUBMIT_RATE_WINDOW_SECONDS: undefined,
    LEAD_SUBMIT_ATTEMPT_LIMIT: '6',
  },
});

const refused = () => leadBody({ description: 'asdfghjkl qwrtpsdfg zxcvbnm' });

describe('leads-submit: accepted requests and attempts limited apart', () => {
  it('lets corrections through, limits accepted requests, and stops a flood', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await stack.call('leads-submit', { body: refused() });
      expect(res.status, `refused ${i + 1}`).toBe(200);
      expect(res.body.status).toBe('rejected');
    }
    // After three refused tries, both accepted requests of the window go through.
    for (let i = 0; i < 2; i++) {
      const res = await stack.call('leads-submit', { body: leadBody() });
      expect(res.status, `accepted ${i + 1}`).toBe(200);
      expect(res.body.status).not.toBe('rejected');
    }
    // A third accepted request waits for the window.
    const third = await stack.call('leads-submit', { body: leadBody() });
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(/Please wait \d+ minutes? and try again\.$/);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // The sixth attempt was the last: a flood of anything is refused too.
    const flood = await stack.call('leads-submit', { body: refused() });
    expect(flood.status).toBe(429);
  });
});
