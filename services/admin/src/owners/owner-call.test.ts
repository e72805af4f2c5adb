import { HttpError, ServiceCallError } from '@leadmarket/platform';
import { describe, expect, it } from 'vitest';
import { ownerError } from './owner-call.js';

describe('ownerError', () => {
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
