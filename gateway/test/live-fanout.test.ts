import { service as contractors } from '@leadmarket/contractors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveFanoutFigure } from '../../bench/src/figures/live-fanout.js';
import { signUpContractor, startTestStack, type TestStack } from '../src/testing/test-stack.js';

// The bench's live fan-out figure (npm run bench, figure 7) at a small size: one LeadMatched reaches
// every open dashboard stream of every offered contractor. Its timing goal is the bench's business.
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ services: [contractors] });
});
afterAll(async () => {
  await stack?.stop();
});

describe('live fan-out', () => {
  it('delivers one offer to every stream (10 contractors x 3 tabs)', async () => {
    const people = [];
    for (let i = 0; i < 10; i++) {
      const c = await signUpContractor(stack);
      people.push({ id: c.id, token: c.token });
    }
    const figure = await liveFanoutFigure(stack.url, people, (e) => stack.infra.bus.publish(e), {
      tabs: 3,
      runs: 2,
      waitMs: 10_000,
    });
    expect(figure.streams).toBe(30);
    expect(figure.missed).toBe(0);
    expect(figure.p99.median).toBeGreaterThan(0);
    console.log(
      `live fan-out to 30 streams: p50 ${figure.p50.median.toFixed(1)} ms, p99 ${figure.p99.median.toFixed(1)} ms`,
    );
  });
});
