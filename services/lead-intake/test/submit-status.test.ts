import { MESSAGES } from '@leadmarket/contracts';
import { type TestStack, testStackForFile } from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadBody } from './helpers.js';

let stack: TestStack;

testStackForFile((started) => (stack = started), {
  env: { LEAD_SUBMIT_RATE_LIMIT: '1000', SCREENING_IP_LIMIT: '1000' },
});

const key = () => `k_${randomUUID().replaceAll('-', '')}`;
const status = (lead_id: string, idempotency_key: string) =>
  stack.call('leads-submit-status', { query: { lead_id, idempotency_key } });

/** Submit while screening is stopped (the reply is "pending"), then start screening again. */
async function submitPending(body: Record<string, unknown>) {
  const screening = stack.marketplace.services.get('screening')!;
  await screening.stopConsumers();
  try {
    const res = await stack.call('leads-submit', { body });
    expect(res.body.status).toBe('pending');
    const read = await status(res.body.lead_id, body.idempotency_key as string);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    return res.body.lead_id as string;
  } finally {
    await screening.startConsumers();
  }
}

describe('leads-submit-status', () => {
  it('answers pending, then the verdict leads-submit would have given, to the holder of the key', async () => {
    const idempotency_key = key();
    const leadId = await submitPending(leadBody({ idempotency_key }));
    const decided = await waitFor(
      async () => {
        const r = await status(leadId, idempotency_key);
        return r.body.status === 'pending' ? undefined : r;
      },
      'the read to give the verdict once screened',
      20_000,
    );
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({
      lead_id: leadId,
      status: 'valid',
      message: MESSAGES.leadSubmit.success,
      problems: [],
    });
  });

  it('gives a rejection with the same problems the submit reply lists', async () => {
    // A repeat of the same person's request is screened as a duplicate: compare with the immediate reply.
    const first = leadBody();
    expect((await stack.call('leads-submit', { body: first })).body.status).toBe('valid');
    const idempotency_key = key();
    const again = { ...first, idempotency_key };
    const leadId = await submitPending(again);
    const decided = await waitFor(
      async () => {
        const r = await status(leadId, idempotency_key);
        return r.body.status === 'pending' ? undefined : r;
      },
      'the rejection once screened',
      20_000,
    );
    // The submit's own reply for the same lead now (a retry with its key answers its state).
    const retried = await stack.call('leads-submit', { body: again });
    expect(retried.body.status).toBe('rejected');
    expect(decided.body).toEqual(retried.body);
    expect(decided.body.problems.length).toBeGreaterThan(0);
  });

  it('refuses a wrong key with the same 404 as an unknown lead', async () => {
    const idempotency_key = key();
    const res = await stack.call('leads-submit', { body: leadBody({ idempotency_key }) });
    expect(res.status).toBe(200);
    const wrongKey = await status(res.body.lead_id, key());
    const unknown = await status(randomUUID(), idempotency_key);
    const keyless = await stack.call('leads-submit', { body: leadBody() });
    const noKeySent = await status(keyless.body.lead_id, key());
    for (const r of [wrongKey, unknown, noKeySent]) {
      expect(r.status).toBe(404);
      expect(r.body).toEqual(unknown.body);
    }
    expect(unknown.body.message ?? unknown.body.error).toBe(MESSAGES.leadSubmit.unknownRequest);
    expect((await status('not-a-lead', idempotency_key)).status).toBe(400);
  });
});
