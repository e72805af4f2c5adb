import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

export interface NewDelivery {
  dedupe_key: string;
  kind:
    | 'lead_offer'
    | 'password_reset'
    | 'contact_message'
    | 'welcome'
    | 'refund_decision'
    | 'funding_receipt'
    | 'low_balance'
    | 'customer_update'
    | 'auto_credit';
  channel: 'sms' | 'email';
  recipient: string;
  subject?: string | null;
  body: string;
  lead_id?: string | null;
  contractor_id?: string | null;
  /** An offer's end: not sent after it. */
  expires_at?: string | null;
}

/** Queue a message; a second one with the same dedupe key is ignored. Returns whether it was new. */
export async function queueDelivery(db: Kysely<any>, d: NewDelivery): Promise<boolean> {
  const row = await db
    .insertInto('deliveries')
    .values({
      id: randomUUID(),
      status: 'pending',
      subject: null,
      lead_id: null,
      contractor_id: null,
      expires_at: null,
      ...d,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export interface ClaimedDelivery {
  id: string;
  kind: NewDelivery['kind'];
  lead_id: string | null;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  attempts: number;
}

/**
 * Take up to `limit` deliveries that are due: pending, due, and (offers) not expired. Each is taken
 * by a conditional update that marks it `sending` with the time the provider call begins, so two
 * senders never take the same one, and a row left in `sending` by a crash is never taken here
 * again: it may have reached the provider (see takeInterruptedDeliveries).
 */
export async function claimDueDeliveries(
  db: Kysely<any>,
  limit: number,
  leaseSeconds = 60,
): Promise<ClaimedDelivery[]> {
  const isDue = (eb: any) =>
    eb.and([
      eb('status', '=', 'pending'),
      eb('next_attempt_at', '<=', sql<Date>`now()`),
      eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]),
    ]);
  const due = await db.selectFrom('deliveries').select('id').where(isDue).orderBy('created_at').limit(limit).execute();
  const claimed: ClaimedDelivery[] = [];
  for (const { id } of due) {
    const row = await db
      .updateTable('deliveries')
      .set({
        status: 'sending',
        attempts: sql`attempts + 1`,
        sending_at: sql`now()`,
        locked_until: sql`now() + make_interval(secs => ${leaseSeconds})`,
      })
      .where('id', '=', id)
      .where(isDue)
      .returning(['id', 'kind', 'lead_id', 'channel', 'recipient', 'subject', 'body', 'attempts'])
      .executeTakeFirst();
    if (row) claimed.push(row as ClaimedDelivery);
  }
  return claimed;
}

/** Offers whose end passed before they were sent are never sent: marked `expired`. */
export async function expireOverdueOffers(db: Kysely<any>): Promise<number> {
  const result = await db
    .updateTable('deliveries')
    .set({ status: 'expired', locked_until: null })
    .where('status', '=', 'pending')
    .where('expires_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The lead was sold, expired or deleted: its offers not yet handed to a provider are never sent. */
export async function cancelLeadOffers(db: Kysely<any>, leadId: string, reason: string): Promise<number> {
  const result = await db
    .updateTable('deliveries')
    .set({ status: 'cancelled', last_error: reason, locked_until: null })
    .where('lead_id', '=', leadId)
    .where('kind', '=', 'lead_offer')
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface InterruptedDelivery extends ClaimedDelivery {
  /** When the interrupted provider call began. */
  sending_at: Date;
}

/**
 * Deliveries left in `sending` past their lease: a sender took them and died (or lost its
 * database) somewhere around the provider call, so the provider may or may not have the message.
 * Each is taken for `leaseSeconds` by a conditional update, for one sender to reconcile.
 */
export async function takeInterruptedDeliveries(
  db: Kysely<any>,
  limit: number,
  leaseSeconds = 60,
): Promise<InterruptedDelivery[]> {
  const stale = await db
    .selectFrom('deliveries')
    .select('id')
    .where('status', '=', 'sending')
    .where('locked_until', '<', sql<Date>`now()`)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  const taken: InterruptedDelivery[] = [];
  for (const { id } of stale) {
    const row = await db
      .updateTable('deliveries')
      .set({ locked_until: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .where('locked_until', '<', sql<Date>`now()`)
      .returning(['id', 'kind', 'lead_id', 'channel', 'recipient', 'subject', 'body', 'attempts', 'sending_at'])
      .executeTakeFirst();
    if (row) taken.push(row as InterruptedDelivery);
  }
  return taken;
}

/** The provider may have the message and cannot be asked: never re-sent, left for a person to look at. */
export async function markUnknown(db: Kysely<any>, id: string, reason: string): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({ status: 'unknown', last_error: reason.slice(0, 500), locked_until: null })
    .where('id', '=', id)
    .execute();
}

/** The provider accepted the message; the body is stored as it was sent. */
export async function markSent(
  db: Kysely<any>,
  id: string,
  r: { provider: string; providerMessageId: string; status: string; body: string },
): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({
      status: 'sent',
      body: r.body,
      provider: r.provider,
      provider_message_id: r.providerMessageId,
      provider_status: r.status,
      sent_at: sql`now()`,
      locked_until: null,
      last_error: null,
    })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: retried after `retryInSeconds`, or failed for good when out of attempts. */
export async function markAttemptFailed(
  db: Kysely<any>,
  id: string,
  error: string,
  retryInSeconds: number | null,
): Promise<void> {
  await db
    .updateTable('deliveries')
    .set(
      retryInSeconds === null
        ? { status: 'failed', last_error: error.slice(0, 500), locked_until: null }
        : {
            status: 'pending',
            last_error: error.slice(0, 500),
            locked_until: null,
            next_attempt_at: sql`now() + make_interval(secs => ${retryInSeconds})`,
          },
    )
    .where('id', '=', id)
    .execute();
}

/** The delivery a status callback was about, with its status before the callback. */
export interface StatusTarget {
  id: string;
  kind: string;
  lead_id: string | null;
  channel: 'sms' | 'email';
  provider: string | null;
  previous_status: string;
}

/**
 * Record a provider status callback on the delivery it names (in the caller's transaction, the
 * row locked so two callbacks for one message are recorded one after the other); undefined when no
 * delivery has that id.
 */
export async function recordProviderStatus(
  db: Kysely<any>,
  providerMessageId: string,
  providerStatus: string,
  finalStatus: string | undefined,
): Promise<StatusTarget | undefined> {
  const row = await db
    .selectFrom('deliveries')
    .select(['id', 'kind', 'lead_id', 'channel', 'provider', 'status'])
    .where('provider_message_id', '=', providerMessageId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  await db
    .updateTable('deliveries')
    .set({
      provider_status: providerStatus,
      provider_status_at: sql`now()`,
      ...(finalStatus ? { status: finalStatus } : {}),
    })
    .where('id', '=', row.id)
    .execute();
  return {
    id: String(row.id),
    kind: String(row.kind),
    lead_id: row.lead_id == null ? null : String(row.lead_id),
    channel: row.channel as 'sms' | 'email',
    provider: row.provider == null ? null : String(row.provider),
    previous_status: String(row.status),
  };
}

/** Messages newest first, optionally of one channel or recipient (the development outbox). */
export async function listDeliveries(db: Kysely<any>, filter: { channel?: string; to?: string; limit?: number }) {
  let q = db
    .selectFrom('deliveries')
    .select([
      'id',
      'channel',
      'recipient',
      'subject',
      'body',
      'status',
      'provider',
      'provider_status',
      'lead_id',
      'contractor_id',
      'created_at',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(filter.limit ?? 200);
  if (filter.channel) q = q.where('channel', '=', filter.channel);
  if (filter.to) q = q.where('recipient', '=', filter.to);
  return q.execute();
}
