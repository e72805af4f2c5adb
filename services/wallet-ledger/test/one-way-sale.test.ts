import { randomInt } from 'node:crypto';
import { signUpFundedContractor, startTestStack, uniqueZip, type TestStack } from '@leadmarket/gateway/testing';
import type { ServiceName } from '@leadmarket/contracts';
import type { RunningService } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A sale flows one way (docs/adr/0043, 0049): wallet-ledger takes both the dashboard purchase and
// the claim link's, commits the sale and says so with LeadPurchased; lead-intake, matching and
// notification follow from that event alone. With lead-intake's consumer stopped the buyer is still
// answered and still gets the contact (read from its holder), and nothing about the sale reaches
// lead-intake until its consumer takes the event.

let stack: TestStack;
const service = (name: ServiceName) => stack.marketplace.services.get(name) as RunningService;
const db = (name: ServiceName) => service(name).ctx.db as Kysely<any>;

beforeAll(async () => {
  stack = await startTestStack({ env: { LEAD_SUBMIT_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  // Never leave the consumer stopped for the stack's own shutdown.
  await service('lead-intake')
    ?.startConsumers()
    .catch(() => {});
  await stack?.stop();
});

const customerPhone = () => `+1415555${String(randomInt(10_000)).padStart(4, '0')}`;

/** A funded contractor and a lead offered to it (its SMS with the claim link sent), available everywhere. */
async function offeredLead() {
  const zip = uniqueZip('6');
  const buyer = await signUpFundedContractor(stack, {
    zip_codes: zip,
    industry: 'home_services',
    sub_service: 'plumbing',
  });
  const phone = customerPhone();
  const submitted = await stack.call('leads-submit', {
    body: {
      customer_name: 'Dana Roe',
      phone,
      zip_code: zip,
      service_category: 'home_services',
      sub_service: 'plumbing',
      description: 'Leaking pipe under the sink',
    },
  });
  expect(submitted.body.status, JSON.stringify(submitted.body)).toBe('valid');
  const leadId = submitted.body.lead_id as string;
  const token = await waitFor(
    async () => {
      const rows = await db('notification')
        .selectFrom('deliveries')
        .select('body')
        .where('lead_id', '=', leadId)
        .where('contractor_id', '=', buyer.id)
        .where('channel', '=', 'sms')
        .execute();
      return rows.map((r) => /\/claim\/([A-Za-z0-9_-]+)/.exec(String(r.body))?.[1]).find(Boolean);
    },
    'the offer SMS with its claim link',
    15_000,
  );
  await waitFor(
    async () => (await leadAtIntake(leadId))?.status === 'available',
    'the lead available at lead-intake',
    15_000,
  );
  return { buyer, leadId, token, phone };
}

const leadAtIntake = (leadId: string) =>
  db('lead-intake')
    .selectFrom('leads')
    .select(['status', 'purchased_by', 'purchase_id', 'purchase_channel'])
    .where('id', '=', leadId)
    .executeTakeFirst();

/** What every service holds of a sold lead, in terms that do not depend on which lead or buyer. */
async function statesOf(leadId: string, buyerId: string) {
  const sale = await db('wallet-ledger')
    .selectFrom('purchases')
    .select(['id', 'contractor_id', 'status'])
    .where('lead_id', '=', leadId)
    .executeTakeFirstOrThrow();
  const ledgerLead = await db('wallet-ledger')
    .selectFrom('leads')
    .select('status')
    .where('lead_id', '=', leadId)
    .executeTakeFirstOrThrow();
  const intake = await leadAtIntake(leadId);
  const matching = await db('matching')
    .selectFrom('leads')
    .select(['status', 'purchased_by'])
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
  const customerTold = await db('notification')
    .selectFrom('deliveries')
    .select('kind')
    .where('lead_id', '=', leadId)
    .where('kind', '=', 'customer_update')
    .execute();
  return {
    wallet: { sold_to_buyer: sale.contractor_id === buyerId, status: sale.status, lead: ledgerLead.status },
    intake: {
      status: intake?.status,
      to_buyer: intake?.purchased_by === buyerId,
      same_purchase: intake?.purchase_id === sale.id,
    },
    matching: { status: matching?.status, to_buyer: matching?.purchased_by === buyerId },
    customer_told: customerTold.length,
  };
}

/** The states once lead-intake's consumer took LeadPurchased (and the customer was told). */
async function settledStates(leadId: string, buyerId: string) {
  return waitFor(
    async () => {
      const s = await statesOf(leadId, buyerId);
      return s.intake.status === 'purchased' && s.matching.status === 'purchased' && s.customer_told > 0
        ? s
        : undefined;
    },
    'every service following the sale',
    20_000,
  );
}

describe('a sale flows one way from wallet-ledger', () => {
  it('leaves the same states through the dashboard and through the claim link, lead-intake following only LeadPurchased', async () => {
    const dashboard = await offeredLead();
    const claim = await offeredLead();
    const intake = service('lead-intake');

    await intake.stopConsumers();
    try {
      // The dashboard purchase answers with lead-intake's consumer stopped, and the buyer reads the contact.
      const bought = await stack.call('purchase-lead', {
        body: { lead_id: dashboard.leadId },
        token: dashboard.buyer.token,
      });
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      const contact = await stack.call('get-purchased-lead', {
        query: { lead_id: dashboard.leadId },
        token: dashboard.buyer.token,
      });
      expect(contact.status, JSON.stringify(contact.body)).toBe(200);
      expect(contact.body.lead).toMatchObject({ id: dashboard.leadId, customer_name: 'Dana Roe' });
      expect(String(contact.body.lead.phone).replace(/\D/g, '')).toContain(dashboard.phone.slice(-4));
      // Nobody else gets it.
      const other = await stack.call('get-purchased-lead', {
        query: { lead_id: dashboard.leadId },
        token: claim.buyer.token,
      });
      expect(other.status).toBe(404);

      // The claim link answers too, from the sale's owner on the same path, with the contact read from its holder.
      const claimed = await stack.call('leads-claim-post', {
        body: { token: claim.token, contractor_id: claim.buyer.id },
      });
      expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
      expect(claimed.body.lead).toMatchObject({ id: claim.leadId, customer_name: 'Dana Roe' });
      expect(String(claimed.body.lead.phone).replace(/\D/g, '')).toContain(claim.phone.slice(-4));
      // Its buyer reopening the link, signed in, is told it is theirs, with the contact.
      const reopened = await stack.call('leads-claim-status', {
        query: { token: claim.token },
        token: claim.buyer.token,
      });
      expect(reopened.body).toMatchObject({ success: true, status: 'claimed_by_you', lead: { id: claim.leadId } });
      // The same purchase and nothing more, for either channel: one sale per lead, each in its channel.
      for (const [{ leadId, buyer }, channel] of [
        [dashboard, 'dashboard'],
        [claim, 'claim'],
      ] as const)
        expect(
          await db('wallet-ledger')
            .selectFrom('purchases')
            .select(['contractor_id', 'channel'])
            .where('lead_id', '=', leadId)
            .execute(),
        ).toEqual([{ contractor_id: buyer.id, channel }]);

      // Sold at wallet-ledger; lead-intake has not been written to by either path.
      for (const { leadId } of [dashboard, claim]) {
        expect(await leadAtIntake(leadId)).toMatchObject({
          status: 'available',
          purchased_by: null,
          purchase_id: null,
        });
      }
    } finally {
      await intake.startConsumers();
    }

    // Once lead-intake takes the events, every service holds the same states for both paths.
    const viaDashboard = await settledStates(dashboard.leadId, dashboard.buyer.id);
    const viaClaim = await settledStates(claim.leadId, claim.buyer.id);
    expect(viaDashboard).toEqual(viaClaim);
    expect(viaDashboard).toEqual({
      wallet: { sold_to_buyer: true, status: 'purchased', lead: 'sold' },
      intake: { status: 'purchased', to_buyer: true, same_purchase: true },
      matching: { status: 'purchased', to_buyer: true },
      customer_told: 1,
    });
    expect(await leadAtIntake(dashboard.leadId)).toMatchObject({ purchase_channel: 'dashboard' });
    expect(await leadAtIntake(claim.leadId)).toMatchObject({ purchase_channel: 'claim' });

    // Each change elsewhere came from wallet-ledger's LeadPurchased, taken by each follower's inbox.
    const published = await db('wallet-ledger')
      .selectFrom('outbox')
      .select(['id', 'envelope'])
      .where('type', '=', 'LeadPurchased')
      .execute();
    for (const { leadId } of [dashboard, claim]) {
      const event = published.find((row) => {
        const envelope = typeof row.envelope === 'string' ? JSON.parse(row.envelope) : row.envelope;
        return envelope.data.lead_id === leadId;
      });
      expect(event, 'the sale announced by wallet-ledger').toBeDefined();
      for (const follower of ['lead-intake', 'matching', 'notification'] as const)
        expect(
          await db(follower)
            .selectFrom('inbox')
            .select('event_id')
            .where('event_id', '=', event!.id)
            .executeTakeFirst(),
          `${follower} took LeadPurchased`,
        ).toBeDefined();
      // Nothing about the sale went back: lead-intake announced only the lead and the customer's message.
      const fromIntake = (await db('lead-intake').selectFrom('outbox').select(['type', 'envelope']).execute())
        .filter((row) => {
          const envelope = typeof row.envelope === 'string' ? JSON.parse(row.envelope) : row.envelope;
          return envelope.data.lead_id === leadId;
        })
        .map((row) => row.type)
        .sort();
      expect(fromIntake).toEqual(['CustomerToBeTold', 'LeadSubmitted']);
    }
  });
});
