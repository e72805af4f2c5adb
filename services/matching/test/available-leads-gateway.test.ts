import {
  publishScreenedLead,
  signUpContractor,
  startTestStack,
  uniqueZip,
  type TestStack,
} from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// contractors-available-leads through the gateway with a real contractor session: depends on the
// contractors service (signup, sessions) and wallet-ledger (signup credit, lead price).
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** A plumber serving `zip`, signed up through the gateway. */
const signUp = (zip: string) =>
  signUpContractor(stack, { phone: '(312) 555-0190', sub_service: 'plumbing', zip_codes: zip });

describe('contractors-available-leads through the gateway', () => {
  it('shows a fitting lead to the signed-in contractor only, priced by wallet-ledger', async () => {
    const zip = uniqueZip('6');
    const me = await signUp(zip);
    const other = await signUp(`7${zip.slice(1)}`);
    const { lead_id: leadId } = await publishScreenedLead(stack, {
      zip_code: zip,
      description: 'Water heater leaking in the basement.',
    });

    const list = await waitFor(
      async () => {
        const res = await stack.call('contractors-available-leads', {
          token: me.token,
          query: { contractor_id: me.id },
        });
        return res.status === 200 && res.body.total_available > 0 ? res.body : undefined;
      },
      'the lead on the available list',
      20_000,
    );
    expect(list.available_leads[0]).toMatchObject({
      id: leadId,
      zip_code: zip,
      sub_service: 'plumbing',
      lead_type: 'standard',
    });
    const priced = await stack.marketplace.clients.call<{ price_cents: number }>(
      'wallet-ledger',
      `/internal/leads/${leadId}/price`,
    );
    expect(list.available_leads[0].price).toBe(priced.price_cents / 100);
    expect(list.available_leads[0]).not.toHaveProperty('customer_name');

    const theirs = await stack.call('contractors-available-leads', {
      token: other.token,
      query: { contractor_id: other.id },
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body.available_leads.map((l: { id: string }) => l.id)).not.toContain(leadId);

    // Someone else's id with my session: refused at the gateway.
    expect(
      (await stack.call('contractors-available-leads', { token: me.token, query: { contractor_id: other.id } })).status,
    ).toBe(403);
    expect((await stack.call('contractors-available-leads', { query: { contractor_id: me.id } })).status).toBe(401);
  });
});
