import { randomBytes } from 'node:crypto';
import type { EventData, EventEnvelope, EventType } from '@leadmarket/contracts';

/**
 * What a contractor's dashboard is pushed: a new offer, a lead no longer for sale, a new balance.
 * The admin dashboard (audience ADMIN_AUDIENCE) is pushed every new lead and every lead sold or gone.
 */
export type LiveEventName = 'offer' | 'lead_listed' | 'lead_gone' | 'balance' | 'lead_new' | 'lead_sold';

/** The recipient id of admin streams (contractor ids never start with '@'). */
export const ADMIN_AUDIENCE = '@admin';

/** One Server-Sent Event: `ready` opens a stream, `resync` asks the client to refetch everything. */
export interface LiveEvent {
  id: string;
  event: LiveEventName | 'ready' | 'resync';
  data: Record<string, unknown>;
}

/** The bus events the hub turns into pushes. */
export const LIVE_EVENT_TYPES: readonly EventType[] = [
  'LeadScreened',
  'LeadMatched',
  'LeadPurchased',
  'LeadExpired',
  'LeadDeleted',
  'WalletBalanceChanged',
];

interface Recorded {
  seq: number;
  to: readonly string[];
  event: LiveEventName;
  data: Record<string, unknown>;
}

type Listener = (event: LiveEvent) => void;

/**
 * The gateway's live fan-out for contractor dashboards. It turns bus events into per-contractor
 * pushes (an offer goes to the offered contractors only; a new lead of their area they were not
 * offered to the others matching names, so their Available count follows; a sold, expired or
 * deleted lead to those it was offered or listed to and the buyer; a balance to its owner) and keeps the most recent pushes so a
 * reconnecting browser resumes from its Last-Event-ID. Ids are `<instance>.<seq>`: an id of
 * another gateway instance, or one older than the buffer, gets `resync` (refetch, then go on).
 */
export class ContractorLiveHub {
  readonly instance = randomBytes(6).toString('base64url');
  private seq = 0;
  /** Ids before this one may miss pushes (the feed was down in between): resuming from them resyncs. */
  private gapSeq = 0;
  private feedAttached = false;
  private feedLost = false;
  private readonly recent: Recorded[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Lead → contractors it was offered to (insertion-ordered, bounded: the oldest are forgotten first). */
  private readonly offeredTo = new Map<string, string[]>();

  constructor(private readonly limits = { recent: 10_000, leads: 50_000 }) {}

  /** Open streams (for metrics and tests). */
  get connections(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  /** True while the hub's bus subscription is attached (its queue receives the events). */
  get attached(): boolean {
    return this.feedAttached;
  }

  /**
   * The bus subscription was lost (false) or attached (true). Whatever was published while it was
   * lost never reaches the hub: on its return every open stream, and every stream resuming from
   * before it, is told to resync.
   */
  feedChanged(attached: boolean): void {
    const restored = attached && this.feedLost;
    this.feedAttached = attached;
    this.feedLost = !attached;
    if (!restored) return;
    this.gapSeq = ++this.seq;
    const resync: LiveEvent = { id: this.currentId(), event: 'resync', data: {} };
    for (const set of this.listeners.values()) for (const send of set) send(resync);
  }

  /** Translate one bus event into pushes to the contractors it concerns. */
  handle(envelope: EventEnvelope): void {
    switch (envelope.type) {
      case 'LeadScreened': {
        const d = envelope.data as EventData<'LeadScreened'>;
        this.push([ADMIN_AUDIENCE], 'lead_new', { lead_id: d.lead_id, status: d.status });
        return;
      }
      case 'LeadMatched': {
        const d = envelope.data as EventData<'LeadMatched'>;
        const ids = d.offers.map((o) => o.contractor_id);
        const listed = d.listed_to ?? [];
        this.remember(d.lead_id, [...ids, ...listed]);
        this.push(ids, 'offer', {
          lead_id: d.lead_id,
          service_category: d.service_category,
          sub_service: d.sub_service,
          zip_code: d.zip_code,
          price_cents: d.price_cents,
          urgency: d.urgency ?? null,
        });
        this.push(listed, 'lead_listed', { lead_id: d.lead_id });
        return;
      }
      case 'LeadPurchased': {
        const d = envelope.data as EventData<'LeadPurchased'>;
        const to = new Set([...(this.offeredTo.get(d.lead_id) ?? []), d.contractor_id]);
        this.offeredTo.delete(d.lead_id);
        this.push([...to], 'lead_gone', { lead_id: d.lead_id, reason: 'sold' });
        this.push([ADMIN_AUDIENCE], 'lead_sold', { lead_id: d.lead_id, price_cents: d.price_cents });
        // A sale carries the buyer's new balance (it sends no WalletBalanceChanged of its own).
        if (d.balance_after_cents !== undefined)
          this.push([d.contractor_id], 'balance', { balance_cents: d.balance_after_cents, reason: 'lead_purchase' });
        return;
      }
      case 'LeadExpired':
      case 'LeadDeleted': {
        const leadId = (envelope.data as { lead_id: string }).lead_id;
        const to = this.offeredTo.get(leadId) ?? [];
        this.offeredTo.delete(leadId);
        this.push(to, 'lead_gone', {
          lead_id: leadId,
          reason: envelope.type === 'LeadExpired' ? 'expired' : 'removed',
        });
        return;
      }
      case 'WalletBalanceChanged': {
        const d = envelope.data as EventData<'WalletBalanceChanged'>;
        this.push([d.contractor_id], 'balance', { balance_cents: d.balance_cents, reason: d.reason });
        return;
      }
      default:
    }
  }

  /**
   * A contractor's stream: first `ready` (its id lets the browser resume even when nothing else
   * came), or the pushes it missed since `lastEventId`, or `resync` when they cannot be known.
   */
  connect(contractorId: string, lastEventId: string | undefined, send: Listener): { close(): void } {
    const missed = lastEventId === undefined ? [] : this.since(lastEventId, contractorId);
    if (missed === undefined) send({ id: this.currentId(), event: 'resync', data: {} });
    else if (lastEventId === undefined) send({ id: this.currentId(), event: 'ready', data: {} });
    else for (const r of missed) send(this.toEvent(r));
    let set = this.listeners.get(contractorId);
    if (!set) this.listeners.set(contractorId, (set = new Set()));
    set.add(send);
    return {
      close: () => {
        set.delete(send);
        if (set.size === 0 && this.listeners.get(contractorId) === set) this.listeners.delete(contractorId);
      },
    };
  }

  private currentId = () => `${this.instance}.${this.seq}`;

  private toEvent = (r: Recorded): LiveEvent => ({ id: `${this.instance}.${r.seq}`, event: r.event, data: r.data });

  /** The pushes for `contractorId` after `lastEventId`, or undefined when the buffer cannot say. */
  private since(lastEventId: string, contractorId: string): Recorded[] | undefined {
    const [instance, seqText] = lastEventId.split('.');
    const seq = Number(seqText);
    if (instance !== this.instance || !Number.isInteger(seq) || seq > this.seq || seq < this.gapSeq) return undefined;
    const oldest = this.recent[0]?.seq ?? this.seq + 1;
    if (seq < oldest - 1) return undefined;
    return this.recent.filter((r) => r.seq > seq && r.to.includes(contractorId));
  }

  private remember(leadId: string, contractorIds: string[]): void {
    const known = this.offeredTo.get(leadId) ?? [];
    this.offeredTo.delete(leadId);
    this.offeredTo.set(leadId, [...new Set([...known, ...contractorIds])]);
    while (this.offeredTo.size > this.limits.leads) this.offeredTo.delete(this.offeredTo.keys().next().value!);
  }

  private push(to: string[], event: LiveEventName, data: Record<string, unknown>): void {
    if (to.length === 0) return;
    const recorded: Recorded = { seq: ++this.seq, to, event, data };
    this.recent.push(recorded);
    if (this.recent.length > this.limits.recent) this.recent.splice(0, this.recent.length - this.limits.recent);
    const live = this.toEvent(recorded);
    for (const id of to) for (const send of this.listeners.get(id) ?? []) send(live);
  }
}
