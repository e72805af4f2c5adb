import { describe, expect, it } from 'vitest';
import { SERVICE_NAMES } from '../routes.js';
import { INTERNAL_CALLS, internalPath } from './internal.js';

describe('internal calls', () => {
  it('are all /internal/ routes of a known service', () => {
    for (const [name, call] of Object.entries(INTERNAL_CALLS)) {
      expect(call.path, name).toMatch(/^\/internal\//);
      expect(SERVICE_NAMES, name).toContain(call.owner);
    }
  });

  it('fills path params, URL-encoded', () => {
    expect(internalPath('contractorConsents', { id: 'C 1/2' })).toBe('/internal/contractors/C%201%2F2/consents');
    expect(internalPath('leadStats', {})).toBe('/internal/stats');
  });

  it('declare the query the owner accepts', () => {
    expect(INTERNAL_CALLS.refunds.query.safeParse({ status: 'weird' }).success).toBe(false);
    expect(INTERNAL_CALLS.refunds.query.parse({ status: 'pending' })).toEqual({ status: 'pending' });
  });
});
