import { HttpError, ServiceCallError } from '@leadmarket/platform';
import { describe, expect, it } from 'vitest';
import { ownerError } from './owner-call.js';

describe('ownerError', () => {
  it('turns a route the owner has not built into a 502 naming it', () => {
    for (const status of [501, 405]) {
      const error = ownerError(
        'wallet-ledger',
        '/internal/stats?x=1',
        new ServiceCallError('wallet-ledger', status, { message: 'This function is not available yet.' }),
      );
      expect(error).toMatchObject({ statusCode: 502, message: 'wallet-ledger does not provide /internal/stats yet' });
    }
    const missing = ownerError(
      'contractors',
      '/internal/stats',
      new ServiceCallError('contractors', 404, { message: 'Unknown function: GET /internal/stats' }),
    );
    expect(missing.statusCode).toBe(502);
  });

  it("passes the owner's own 4xx answers on, message and field included", () => {
    const error = ownerError(
      'contractors',
      '/internal/contractors/c1',
      new ServiceCallError('contractors', 404, { message: 'Contractor not found' }),
    );
    expect(error).toMatchObject({ statusCode: 404, message: 'Contractor not found' });
    const field = ownerError(
      'wallet-ledger',
      '/internal/adjustments',
      new ServiceCallError('wallet-ledger', 400, { message: 'Bad amount', field: 'amount_cents' }),
    );
    expect(field).toMatchObject({ statusCode: 400, field: 'amount_cents' });
  });

  it('answers 503 for an owner that fails or cannot be reached', () => {
    expect(ownerError('lead-intake', '/internal/leads', new ServiceCallError('lead-intake', 500, {})).statusCode).toBe(
      503,
    );
    expect(ownerError('lead-intake', '/internal/leads', new TypeError('fetch failed')).statusCode).toBe(503);
    const passThrough = new HttpError(409, 'already');
    expect(ownerError('lead-intake', '/x', passThrough)).toBe(passThrough);
  });
});
