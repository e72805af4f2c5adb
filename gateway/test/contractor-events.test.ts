import { randomUUID } from 'node:crypto';
import type { EventData, EventType } from '@leadmarket/contracts';
import { service as admin } from '@leadmarket/admin';
import { service as contractors } from '@leadmarket/contractors';
import { buildEnvelope } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ADMIN_PASSWORD } from '../../services/admin/src/config.js';
import { signUpContractor, startTestStack, type TestStack } from '../src/testing/test-stack.js';

// The dashboard's live stream through the gateway, against the real bus. Only the
// contractors service runs (sessions); the bus events are published as their owners would.
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ services: [contractors, admin] });
});
afterAll(async () => {
  await stack?.stop();
});

interface Received {
  id: string;
  event: string;
  data: any;
}

/** An EventSource-like reader over fetch: every event received, until `close`. */
async function openStream(
  query: Record<string, string>,
  headers: Record<string, string> = {},
  path = '/.netlify/functions/contractor-events',
) {
  const controller = new AbortController();
  const url = new URL(path, stack.url);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: Received[] = [];
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split('\n')
              .find((l) => l.startsWith(`${name}: `))
              ?.slice(name.length + 2);
          if (field('event'))
            events.push({ id: field('id')!, event: field('event')!, data: JSON.parse(field('data')!) });
        }
      }
    })();
  }
  return { response, events, close: () => controller.abort() };
}

const publish = <T extends EventType>(type: T, data: EventData<T>) =>
  stack.infra.bus.publish(buildEnvelope('matching', { type, data } as any));

const matched = (leadId: string, contractorIds: string[]): EventData<'LeadMatched'> => ({
  lead_id: leadId,
  service_category: 'home_services',
  sub_service: 'hvac',
  zip_code: '10001',
  price_cents: 2000,
  urgency: 'Standard',
  offers: contractorIds.map((contractor_id, i) => ({
    contractor_id,
    rank: i + 1,
    expires_at: new Date(Date.now() + 3600_000).toISOString(),
  })),
  matched_at: new Date().toISOString(),
});

describe('contractor-events (Server-Sent Events)', () => {
  it('refuses a stream without a valid session, and another contractor id', async () => {
    const none = await openStream({});
    expect(none.response.status).toBe(401);
    const bad = await openStream({ session_token: 'not-a-session' });
    expect(bad.response.status).toBe(401);
    const a = await signUpContractor(stack);
    const other = await openStream({ session_token: a.token, contractor_id: 'C-SOMEONEELSE' });
    expect(other.response.status).toBe(403);
  });

  it('pushes offers to the offered contractors only, a sold lead to them, a balance to its owner', async () => {
    const [a, b, c] = [await signUpContractor(stack), await signUpContractor(stack), await signUpContractor(stack)];
    const streams = await Promise.all([a, b, c].map((x) => openStream({ session_token: x.token })));
    const [sa, sb, sc] = streams;
    for (const s of streams) {
      expect(s.response.headers.get('content-type')).toContain('text/event-stream');
      await waitFor(() => s.events.some((e) => e.event === 'ready'), 'the ready event');
    }
    const leadId = randomUUID();
    await publish('LeadMatched', matched(leadId, [a.id, b.id]));
    for (const s of [sa!, sb!])
      await waitFor(
        () => s.events.find((e) => e.event === 'offer' && e.data.lead_id === leadId),
        'the offer on an offered dashboard',
      );
    await publish('LeadPurchased', {
      lead_id: leadId,
      contractor_id: a.id,
      purchase_id: randomUUID(),
      price_cents: 2000,
      channel: 'dashboard',
      purchased_at: new Date().toISOString(),
      // The buyer's new balance rides on the sale (no WalletBalanceChanged of its own).
      balance_after_cents: 500,
    });
    await waitFor(() => sb!.events.find((e) => e.event === 'lead_gone' && e.data.lead_id === leadId), 'sold on b');
    await waitFor(() => sa!.events.find((e) => e.event === 'balance' && e.data.balance_cents === 500), 'a balance');
    // c was offered nothing: a later push to c proves the earlier ones never reached it.
    await publish('LeadMatched', matched(randomUUID(), [c.id]));
    await waitFor(() => sc!.events.find((e) => e.event === 'offer'), 'c own offer');
    expect(sc!.events.filter((e) => e.data.lead_id === leadId || e.event === 'balance')).toEqual([]);
    expect(sb!.events.some((e) => e.event === 'balance')).toBe(false);
    for (const s of streams) s.close();
  });

  it('resumes from Last-Event-ID with what was missed, and asks an unknown id to resync', async () => {
    const a = await signUpContractor(stack);
    const first = await openStream({ session_token: a.token });
    const ready = await waitFor(() => first.events.find((e) => e.event === 'ready'), 'ready');
    first.close();
    const missed = randomUUID();
    await publish('LeadMatched', matched(missed, [a.id]));
    // The hub has the push once another contractor's stream (open before) saw a later one.
    const witness = await signUpContractor(stack);
    const w = await openStream({ session_token: witness.token });
    await waitFor(() => w.events.some((e) => e.event === 'ready'), 'witness ready');
    await publish('LeadMatched', matched(randomUUID(), [witness.id]));
    await waitFor(() => w.events.some((e) => e.event === 'offer'), 'witness offer');

    const resumed = await openStream({ session_token: a.token }, { 'last-event-id': ready.id });
    const got = await waitFor(() => resumed.events.find((e) => e.event === 'offer'), 'the missed offer');
    expect(got.data.lead_id).toBe(missed);
    expect(resumed.events.some((e) => e.event === 'ready')).toBe(false);
    resumed.close();

    const stale = await openStream({ session_token: a.token }, { 'last-event-id': 'another-gateway.42' });
    await waitFor(() => stale.events.find((e) => e.event === 'resync'), 'resync');
    stale.close();
    w.close();
  });

  it('pushes every new lead and sale to an admin stream (bearer admin session only)', async () => {
    const path = '/.netlify/functions/admin-events';
    expect((await openStream({}, {}, path)).response.status).toBe(401);
    const contractor = await signUpContractor(stack);
    expect((await openStream({}, { authorization: `Bearer ${contractor.token}` }, path)).response.status).toBe(401);
    const login = await stack.call('admin-login', { body: { password: DEV_ADMIN_PASSWORD } });
    const s = await openStream({}, { authorization: `Bearer ${login.body.session_token}` }, path);
    expect(s.response.status).toBe(200);
    await waitFor(() => s.events.some((e) => e.event === 'ready'), 'admin ready');
    const leadId = randomUUID();
    const now = new Date().toISOString();
    await publish('LeadScreened', {
      lead_id: leadId,
      status: 'valid',
      validation_summary: {
        phone_valid: true,
        email_valid: true,
        content_valid: true,
        is_duplicate: false,
        ip_rate_ok: true,
      },
      reasons: [],
      service_category: 'home_services',
      sub_service: 'hvac',
      zip_code: '10001',
      urgency: 'Standard',
      description: 'x',
      preferred_contractor_id: null,
      is_test: false,
      submitted_at: now,
      screened_at: now,
    });
    await publish('LeadPurchased', {
      lead_id: leadId,
      contractor_id: contractor.id,
      purchase_id: randomUUID(),
      price_cents: 2000,
      channel: 'claim',
      purchased_at: now,
    });
    await waitFor(() => s.events.find((e) => e.event === 'lead_new' && e.data.lead_id === leadId), 'new lead');
    await waitFor(() => s.events.find((e) => e.event === 'lead_sold' && e.data.lead_id === leadId), 'sold lead');
    s.close();
  });
});
