import { DeadlineError, isTransientError, ServiceCallError, withDeadline } from '@leadmarket/platform';
import { describe, expect, it } from 'vitest';

const withCode = (code: string, message = 'boom') => Object.assign(new Error(message), { code });

describe('transient (an outage: retry) versus poison (the work itself: dead-letter)', () => {
  it('counts unreachable peers, dead connections, timeouts and serialization failures as transient', () => {
    for (const err of [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET'),
      withCode('ETIMEDOUT'),
      withCode('40001', 'could not serialize access due to concurrent update'),
      withCode('40P01', 'deadlock detected'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('08006', 'connection failure'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new DeadlineError('handling LeadScreened', 30_000),
      new ServiceCallError('wallet-ledger', 503, { message: 'unavailable' }),
      new Error('wrapped', { cause: withCode('ECONNREFUSED') }),
      new AggregateError([withCode('ECONNREFUSED')], 'all attempts failed'),
    ])
      expect(isTransientError(err), String(err)).toBe(true);
  });

  it('counts a failed rule, a refused request and a constraint violation as the work’s own fault', () => {
    for (const err of [
      new Error('contractor has no wallet'),
      new ServiceCallError('wallet-ledger', 409, { message: 'already sold' }),
      new ServiceCallError('wallet-ledger', 400, { message: 'bad amount' }),
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('22P02', 'invalid input syntax for type uuid'),
      'a string',
      undefined,
    ])
      expect(isTransientError(err), String(err)).toBe(false);
  });

  it('withDeadline rejects with a transient DeadlineError when the work does not settle in time', async () => {
    const never = new Promise<never>(() => {});
    const err = await withDeadline(never, 20, 'a silent query').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeadlineError);
    expect(isTransientError(err)).toBe(true);
    await expect(withDeadline(Promise.resolve(7), 1000, 'quick')).resolves.toBe(7);
  });
});
