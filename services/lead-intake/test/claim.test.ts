import { CLAIM_MESSAGES, MESSAGES } from '@leadmarket/contracts';
import { signUpContractor, type TestStack, testStackForFile } from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { availableLead, claimToken, leadDb, leadOfferedTo, leadRow, offerLead } from './helpers.js';

let stack: TestStack;

testStackForFile((started) => (stack = started), {
  env: { LEAD_SUBMIT_RATE_LIMIT: '1000', SCREENING_IP_LIMIT: '1000' },
});

/** Sign a contractor up through the gateway (contractors service; wallet-ledger credits the $25). */
const signUp = () => signUpContractor(stack, { phone: '(212) 555-0100', zip_codes: '10001', sms_opt_in: false });

describe('leads-claim-get', () => {
  it('shows the lead behind a valid token with the name and phone masked and no email', async () => {
    const { id, token } = await leadOfferedTo(stack, 'C-TESTMASK01', {
      customer_name: 'Maria Lopez',
      phone: '(312) 555-0123',
    });
    const res = await stack.call('leads-claim-get', { query: { token } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.lead).toMatchObject({
      id,
      customer_name: 'Maria L.',
      phone: '(***) ***-**23',
      zip_code: '10001',
      service_category: 'home_services',
      description: expect.stringContaining('kitchen sink'),
    });
    expect(res.body.lead.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('Lopez');
    expect(text).not.toContain('5550123');
    expect(text).not.toContain('jane.doe@example.com');
  });

  it('answers an unknown token, an expired token and a missing token with success:false and a clear message', async () => {
    const unknown = await stack.call('leads-claim-get', { query: { token: claimToken() } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, message: CLAIM_MESSAGES.unknown });

    const { id } = await availableLead(stack);
    const expiredToken = claimToken();
    await offerLead(stack, id, [
      {
        contractor_id: 'C-TESTEXPIRE',
        claim_token: expiredToken,
        expires_at: new Date(Date.now() - 1000).toISOString(),
      },
    ]);
    const expired = await stack.call('leads-claim-get', { query: { token: expiredToken } });
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ success: false, message: CLAIM_MESSAGES.expired });
    const expiredClaim = await stack.call('leads-claim-post', {
      body: { token: expiredToken, contractor_id: 'C-TESTEXPIRE' },
    });
    expect(expiredClaim.status).toBe(410);

    const missing = await stack.call('leads-claim-get');
    expect(missing.status).toBe(400);
  });

  it('does not show a lead that is no longer available', async () => {
    const { id, token } = await leadOfferedTo(stack, 'C-TESTGONE01');
    await stack.marketplace.clients.call('lead-intake', `/internal/leads/${id}`, { method: 'DELETE' });
    const res = await stack.call('leads-claim-get', { query: { token } });
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ success: false, message: CLAIM_MESSAGES.unavailable });
  });
});

describe('leads-claim-post', () => {
  it('asks for the contractor ID when it is blank', async () => {
    const res = await stack.call('leads-claim-post', { body: { token: claimToken(), contractor_id: '   ' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.claim.contractorIdRequired);
  });

  it('refuses a contractor id that is not the token contractor, without buying anything', async () => {
    const { id, token } = await leadOfferedTo(stack, 'C-TESTOWNER1');
    const res = await stack.call('leads-claim-post', { body: { token, contractor_id: 'C-SOMEONEELS' } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, message: CLAIM_MESSAGES.wrongContractor });
    expect((await leadRow(stack, id))?.status).toBe('available');
  });

  it('buys through wallet-ledger, reveals the full contact to the buyer only, and gives a second buyer a clean "already claimed"', async () => {
    const [a, b] = [await signUp(), await signUp()];
    const wallet = stack.marketplace.clients;
    for (const c of [a, b]) {
      await waitFor(
        async () => (await wallet.call('wallet-ledger', `/internal/wallets/${c.id}`)).balance_cents >= 2500,
        `wallet of ${c.id} credited`,
        20_000,
      );
    }
    const { id, body } = await availableLead(stack, {
      customer_name: 'Peter Parker',
      phone: '(617) 555-0142',
      email: 'peter@example.com',
    });
    const price = await waitFor(
      () => wallet.call('wallet-ledger', `/internal/leads/${id}/price`).catch(() => undefined),
      'wallet-ledger priced the lead',
      20_000,
    );
    const [tokenA, tokenB] = [claimToken(), claimToken()];
    await offerLead(stack, id, [
      { contractor_id: a.id, claim_token: tokenA },
      { contractor_id: b.id, claim_token: tokenB },
    ]);

    const claimed = await stack.call('leads-claim-post', { body: { token: tokenA, contractor_id: a.id } });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body).toMatchObject({
      success: true,
      message: MESSAGES.contractorSuccess.leadPurchased,
      lead: {
        id,
        customer_name: 'Peter Parker',
        phone: '+16175550142',
        email: 'peter@example.com',
        zip_code: body.zip_code,
        sub_service: body.sub_service,
      },
    });
    // Recorded here from wallet-ledger's LeadPurchased, not by the claim itself.
    await waitFor(async () => (await leadRow(stack, id))?.status === 'purchased', 'the sale recorded', 15_000);
    expect(await leadRow(stack, id)).toMatchObject({
      status: 'purchased',
      purchased_by: a.id,
      price_cents: price.price_cents,
      purchase_channel: 'claim',
    });

    // The buyer repeating the claim gets the same answer; nothing is bought twice.
    const again = await stack.call('leads-claim-post', { body: { token: tokenA, contractor_id: a.id } });
    expect(again.status).toBe(200);
    expect(again.body.lead.phone).toBe('+16175550142');

    const second = await stack.call('leads-claim-post', { body: { token: tokenB, contractor_id: b.id } });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ success: false, message: CLAIM_MESSAGES.alreadyClaimed });
    expect(JSON.stringify(second.body)).not.toContain('Parker');
    const page = await stack.call('leads-claim-get', { query: { token: tokenB } });
    expect(page.status).toBe(409);
    expect(page.body).toMatchObject({ success: false, message: CLAIM_MESSAGES.alreadyClaimed });
    // The buyer's own link opened signed out says the buyer claimed it, and shows no contact without a session.
    const own = await stack.call('leads-claim-get', { query: { token: tokenA } });
    expect(own.status).toBe(409);
    expect(own.body).toMatchObject({
      success: false,
      status: 'claimed_by_link_owner',
      message: CLAIM_MESSAGES.claimedByLinkOwner,
    });
    expect(JSON.stringify(own.body)).not.toContain('Parker');

    // The buyer's dashboard lists it with the contact; the other contractor's does not.
    const mine = await stack.call('get-purchased-leads', { query: { contractor_id: a.id }, token: a.token });
    expect(mine.status).toBe(200);
    expect(mine.body.purchased_leads).toHaveLength(1);
    expect(mine.body.purchased_leads[0]).toMatchObject({
      lead_id: id,
      price_paid: price.price_cents / 100,
      leads: {
        customer_name: 'Peter Parker',
        customer_phone: '+16175550142',
        customer_email: 'peter@example.com',
        zip_code: body.zip_code,
      },
    });
    const theirs = await stack.call('get-purchased-leads', { query: { contractor_id: b.id }, token: b.token });
    expect(theirs.body).toEqual({ purchased_leads: [], archived_leads: [], completed_leads: [], refunded_leads: [] });
    const claimedLeads = await wallet.call('lead-intake', `/internal/contractors/${a.id}/claimed-leads`);
    expect(claimedLeads.claimed_leads).toEqual([
      expect.objectContaining({ id, customer_name: 'Peter Parker', is_archived: false }),
    ]);

    // Only the owner completes or archives it.
    const notOwner = await stack.call('mark-lead-complete', {
      body: { lead_id: id, contractor_id: b.id },
      token: b.token,
    });
    expect(notOwner.status).toBe(404);
    expect(notOwner.body.success).toBe(false);
    const complete = await stack.call('mark-lead-complete', {
      body: { lead_id: id, contractor_id: a.id },
      token: a.token,
    });
    expect(complete.body).toEqual({ success: true, message: MESSAGES.contractorSuccess.leadCompleted });
    const afterComplete = await stack.call('get-purchased-leads', { query: { contractor_id: a.id }, token: a.token });
    expect(afterComplete.body.completed_leads.map((l: any) => l.lead_id)).toEqual([id]);
    const archive = await stack.call('archive-lead', {
      body: { lead_id: id, contractor_id: a.id, session_token: a.token },
    });
    expect(archive.body).toEqual({ success: true, message: MESSAGES.contractorSuccess.leadArchived });
    const completeArchived = await stack.call('mark-lead-complete', {
      body: { lead_id: id, contractor_id: a.id },
      token: a.token,
    });
    expect(completeArchived.status).toBe(409);
    const afterArchive = await stack.call('get-purchased-leads', { query: { contractor_id: a.id }, token: a.token });
    expect(afterArchive.body.archived_leads.map((l: any) => l.lead_id)).toEqual([id]);
    const types = (
      await leadDb(stack)
        .selectFrom('outbox')
        .select(['type', 'envelope'])
        .where('type', 'in', ['LeadCompleted', 'LeadArchived'])
        .execute()
    )
      .map((r) => ({ type: r.type, data: (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope).data }))
      .filter((e) => e.data.lead_id === id)
      .map((e) => e.type);
    expect(types.sort()).toEqual(['LeadArchived', 'LeadCompleted']);
  });

  it('records a dashboard purchase (wallet-ledger purchase-lead) from LeadPurchased, so the buyer sees the contact', async () => {
    const c = await signUp();
    const wallet = stack.marketplace.clients;
    await waitFor(
      async () => (await wallet.call('wallet-ledger', `/internal/wallets/${c.id}`)).balance_cents >= 2500,
      'wallet credited',
      20_000,
    );
    // In the contractor's trade and ZIP (10001, HVAC): the dashboard sells only such leads or offered ones.
    const { id } = await availableLead(stack, {
      customer_name: 'Bruce Wayne',
      phone: '(212) 555-0188',
      sub_service: 'hvac',
    });
    await waitFor(
      () => wallet.call('wallet-ledger', `/internal/leads/${id}/price`).catch(() => undefined),
      'wallet-ledger priced the lead',
      20_000,
    );
    const bought = await stack.call('purchase-lead', { body: { lead_id: id, contractor_id: c.id }, token: c.token });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const row = await waitFor(
      async () => {
        const r = await leadRow(stack, id);
        return r?.purchased_by === c.id ? r : undefined;
      },
      'LeadPurchased consumed by lead-intake',
      20_000,
    );
    expect(row).toMatchObject({ status: 'purchased', purchase_channel: 'dashboard' });
    const mine = await stack.call('get-purchased-leads', { query: { contractor_id: c.id }, token: c.token });
    expect(mine.body.purchased_leads.map((l: any) => l.leads.customer_name)).toEqual(['Bruce Wayne']);
  });

  it('rejects a contractor who is not signed in for the dashboard lead calls', async () => {
    const res = await stack.call('get-purchased-leads', { query: { contractor_id: 'C-NOBODY0001' } });
    expect(res.status).toBe(401);
    const archive = await stack.call('archive-lead', {
      body: { lead_id: randomUUID(), contractor_id: 'C-NOBODY0001' },
    });
    expect(archive.status).toBe(401);
  });
});
