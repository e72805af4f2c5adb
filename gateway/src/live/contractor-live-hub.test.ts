import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@leadmarket/contracts';
import { describe, expect, it } from 'vitest';
import { ContractorLiveHub, type LiveEvent } from './contractor-live-hub.js';

const balance = (contractorId: string, cents: number): EventEnvelope =>
  ({
    id: randomUUID(),
    type: 'WalletBalanceChanged',
    data: { contractor_id: contractorId, balance_cents: cents, reason: 'funding' },
  }) as unknown as EventEnvelope;

describe('the live hub when its bus feed is lost and attached again', () => {
  it('tells every open stream to resync, and a stream resuming from before the gap too', () => {
    const hub = new ContractorLiveHub();
    hub.feedChanged(true);
    const got: LiveEvent[] = [];
    hub.connect('C-1', undefined, (e) => got.push(e));
    hub.handle(balance('C-1', 100));
    const beforeGap = got.at(-1)!.id;
    expect(got.map((e) => e.event)).toEqual(['ready', 'balance']);

    hub.feedChanged(false);
    expect(hub.attached).toBe(false);
    hub.feedChanged(true);
    expect(hub.attached).toBe(true);
    expect(got.at(-1)!.event).toBe('resync');

    // A browser that reconnects with an id from before the gap cannot be replayed what it missed.
    const resumed: LiveEvent[] = [];
    hub.connect('C-1', beforeGap, (e) => resumed.push(e));
    expect(resumed.map((e) => e.event)).toEqual(['resync']);
    // One resuming from after the gap gets what it missed, as usual.
    const afterGap = got.at(-1)!.id;
    hub.handle(balance('C-1', 200));
    const later: LiveEvent[] = [];
    hub.connect('C-1', afterGap, (e) => later.push(e));
    expect(later.map((e) => [e.event, e.data.balance_cents])).toEqual([['balance', 200]]);
  });

  it('sends nothing when the feed is attached the first time', () => {
    const hub = new ContractorLiveHub();
    const got: LiveEvent[] = [];
    hub.connect('C-1', undefined, (e) => got.push(e));
    hub.feedChanged(true);
    expect(got.map((e) => e.event)).toEqual(['ready']);
  });
});

describe('a new lead of the area', () => {
  const matched = (leadId: string, offered: string[], listed: string[]): EventEnvelope =>
    ({
      id: randomUUID(),
      type: 'LeadMatched',
      data: {
        lead_id: leadId,
        service_category: 'home_services',
        sub_service: 'hvac',
        zip_code: '94107',
        price_cents: 2500,
        offers: offered.map((contractor_id, i) => ({
          contractor_id,
          rank: i + 1,
          expires_at: new Date().toISOString(),
        })),
        matched_at: new Date().toISOString(),
        listed_to: listed,
      },
    }) as unknown as EventEnvelope;

  it('is an offer to those offered, a listing to the others of the area, and gone for all of them when sold', () => {
    const hub = new ContractorLiveHub();
    const got = new Map<string, string[]>();
    for (const id of ['offered', 'listed', 'stranger']) {
      got.set(id, []);
      hub.connect(id, undefined, (e) => got.get(id)!.push(e.event));
    }
    const leadId = randomUUID();
    hub.handle(matched(leadId, ['offered'], ['listed']));
    hub.handle({
      id: randomUUID(),
      type: 'LeadPurchased',
      data: { lead_id: leadId, contractor_id: 'offered', price_cents: 2500, balance_after_cents: 7500 },
    } as unknown as EventEnvelope);
    // The buyer's new balance comes with the sale, to the buyer only.
    expect(got.get('offered')).toEqual(['ready', 'offer', 'lead_gone', 'balance']);
    expect(got.get('listed')).toEqual(['ready', 'lead_listed', 'lead_gone']);
    expect(got.get('stranger')).toEqual(['ready']);
  });
});
