import { LEAD_SUBMIT_RATE } from '@leadmarket/contracts';
import { type TestStack, testStackForFile } from '@leadmarket/gateway/testing';
import { describe, expect, it } from 'vitest';
import { leadBody, leadCount } from './helpers.js';

let stack: TestStack;

// The defaults: no override of LEAD_SUBMIT_RATE_LIMIT / LEAD_SUBMIT_RATE_WINDOW_SECONDS.
testStackForFile((started) => (stack = started), {
  env: { LEAD_SUBMIT_RATE_LIMIT: undefined, LEAD_SUBMIT_RATE_WINDOW_SECONDS: undefined },
});

describe('leads-submit per-IP rate limit', () => {
  it('defaults to 5 leads per 10 minutes', () => {
    expect(LEAD_SUBMIT_RATE).toEqual({ limit: 5, windowSeconds: 600 });
  });

  it('answers the sixth submission from one IP inside the window with 429 and a clear message, storing nothing', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await stack.call('leads-submit', { body: leadBody() });
      expect(res.status, `submission ${i + 1}`).toBe(200);
    }
    const before = await leadCount(stack);
    const sixth = await stack.call('leads-submit', { body: leadBody() });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(
      /^Too many requests have been submitted from your network\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(sixth.body.detail).toBe(sixth.body.message);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await leadCount(stack)).toBe(before);
  });
});
