import { HttpError } from '@leadmarket/platform';
import { standIn } from '@leadmarket/platform/testing';
import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import { service as matching } from '@leadmarket/matching';
import { service as screening } from '@leadmarket/screening';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES } from '../src/use-cases/claim-lead.js';
import { service as leadIntake } from '../src/index.js';
import { leadOfferedTo, leadRow } from './helpers.js';

// A wallet-ledger that fails every purchase: the claim must fail clearly, never pretend.
// (matching runs too: it owns the offer behind the link.)
const walletFailing = standIn({
  name: 'wallet-ledger',
  register(app) {
    app.post('/internal/purchases', async () => {
      throw new HttpError(500, 'ledger failing');
    });
  },
});

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({
    services: [leadIntake, screening, matching, walletFailing],
    env: { LEAD_SUBMIT_RATE_LIMIT: '1000' },
  });
});
afterAll(async () => {
  await stack?.stop();
});

describe('leads-claim-post while wallet-ledger cannot sell', () => {
  it('answers a clear failure and leaves the lead unsold', async () => {
    const { id, token } = await leadOfferedTo(stack, 'C-WALLETDOWN', {}, { priced: false });
    const res = await stack.call('leads-claim-post', { body: { token, contractor_id: 'C-WALLETDOWN' } });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, message: CLAIM_MESSAGES.purchaseUnavailable });
    expect(res.body.lead).toBeUndefined();
    expect(await leadRow(stack, id)).toMatchObject({ status: 'available', purchased_by: null });
  });
});
