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
    | 'customer_update';
  channel: 'sms' | 'email';
  recipient: string;
  subject?: string | null;
  body: string;
  lead_id?: string | null;
  contractor_id?: string | null;
}

/** Queue a message; a second one with the same dedupe key is ignored. Returns whether it was new. */
export async function queueDelivery(db: Kysely<any>, d: NewDelivery): Promise<boolean> {
  const row = await db
    .insertInto('deliveries')
    .values({ id: randomUUID(), status: 'pending', subject: null, lead_id: null, contractor_id: null, ...d })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export interface ClaimedDelivery {
  id: string;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  attempts: number;
}

/**
 * Take up to `limit` deliveries that are due (pending and due, or stuck in 'sending' past their
 * lease after a crash). Each is taken by a conditional update, so two senders never take the same one.
 */
export async function claimDueDeliveries(
  db: Kysely<any>,
  limit: number,
  leaseSeconds = 60,
): Promise<ClaimedDelivery[]> {
  const due = await db
    .selectFrom('deliveries')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', sql<Date>`now()`)]),
        eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', sql<Date>`now()`)]),
      ]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
  const claimed: ClaimedDelivery[] = [];
  for (const { id } of due) {
    const row = await db
      .updateTable('deliveries')
      .set({
        status: 'sending',
        attempts: sql`attempts + 1`,
        locked_until: sql`now() + make_interval(secs => ${leaseSeconds})`,
      })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', sql<Date>`now()`)]),
          eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', sql<Date>`now()`)]),
        ]),
      )
      .returning(['id', 'channel', 'recipient', 'subject', 'body', 'attempts'])
      .executeTakeFirst();
    if (row) claimed.push(row as ClaimedDelivery);
  }
  return claimed;
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

/** Record a provider status callback on the delivery it names; false when no delivery has that id. */
export async function recordProviderStatus(
  db: Kysely<any>,
  providerMessageId: string,
  providerStatus: string,
  finalStatus: string | undefined,
): Promise<boolean> {
  const result = await db
    .updateTable('deliveries')
    .set({
      provider_status: providerStatus,
      provider_status_at: sql`now()`,
      ...(finalStatus ? { status: finalStatus } : {}),
    })
    .where('provider_message_id', '=', providerMessageId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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
