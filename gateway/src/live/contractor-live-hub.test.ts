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
