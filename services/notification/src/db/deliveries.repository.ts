import { randomUUID } from 'node:crypto';
import { prepared, preparedRead } from '@leadmarket/platform';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DeliveryKind, DeliveryStatus, NotificationDatabase } from './database.js';
import { scrubUnsent } from './delivery-secrets.repository.js';

export interface NewDelivery {
  dedupe_key: string;
  kind: DeliveryKind;
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
export async function queueDelivery(db: Kysely<NotificationDatabase>, d: NewDelivery): Promise<boolean> {
  return (await queueDeliveries(db, [d])) === 1;
}

/** Each column of a list of deliveries as one array, so the insert has one shape whatever the count. */
interface DeliveryColumns {
  ids: string[];
  dedupe_keys: string[];
  kinds: DeliveryKind[];
  channels: string[];
  recipients: string[];
  subjects: Array<string | null>;
  bodies: string[];
  lead_ids: Array<string | null>;
  contractor_ids: Array<string | null>;
  expires_ats: Array<string | null>;
}

/** `queueDeliveries`' statement, compiled once and prepared (docs/adr/0027); the rows in the list's order. */
const queueDeliveriesStatement = prepared((db: Kysely<NotificationDatabase>, p: DeliveryColumns) =>
  db
    .insertInto('deliveries')
    .columns([
      'id',
      'status',
      'dedupe_key',
      'kind',
      'channel',
      'recipient',
      'subject',
      'body',
      'lead_id',
      'contractor_id',
      'expires_at',
    ])
    .expression(
      sql`select d.id, 'pending', d.dedupe_key, d.kind, d.channel, d.recipient, d.subject, d.body, d.lead_id,
                 d.contractor_id, d.expires_at
            from unnest(${p.ids}::uuid[], ${p.dedupe_keys}::text[], ${p.kinds}::text[], ${p.channels}::text[],
                        ${p.recipients}::text[], ${p.subjects}::text[], ${p.bodies}::text[], ${p.lead_ids}::uuid[],
                        ${p.contractor_ids}::text[], ${p.expires_ats}::timestamptz[])
              as d(id, dedupe_key, kind, channel, recipient, subject, body, lead_id, contractor_id, expires_at)`,
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id'),
);

/**
 * Queue several messages in one statement (a lead's offers); those whose dedupe key is already
 * queued are ignored. Returns how many were new.
 */
export async function queueDeliveries(db: Kysely<NotificationDatabase>, list: NewDelivery[]): Promise<number> {
  if (list.length === 0) return 0;
  const { rows } = await queueDeliveriesStatement(db, {
    ids: list.map(() => randomUUID()),
    dedupe_keys: list.map((d) => d.dedupe_key),
    kinds: list.map((d) => d.kind),
    channels: list.map((d) => d.channel),
    recipients: list.map((d) => d.recipient),
    subjects: list.map((d) => d.subject ?? null),
    bodies: list.map((d) => d.body),
    lead_ids: list.map((d) => d.lead_id ?? null),
    contractor_ids: list.map((d) => d.contractor_id ?? null),
    expires_ats: list.map((d) => d.expires_at ?? null),
  });
  return rows.length;
}

/** What a sender needs of a delivery it has claimed (ClaimedDelivery). */
const claimedColumns = ['id', 'kind', 'lead_id', 'channel', 'recipient', 'subject', 'body', 'attempts'] as const;

/** A lead's offers to text: one SMS each, to those of the contractors who may get SMS. */
export interface OfferSms {
  lead_id: string;
  offers: Array<{ dedupe_key: string; contractor_id: string; body: string; expires_at: string }>;
}

/**
 * `queueClaimedOfferSms`' statement, compiled once and prepared (docs/adr/0027): the offers as one array a
 * column, joined with the contacts projection, which holds the phone in E.164 (docs/adr/0055).
 *
 * With a lease (`leaseSeconds` not null) each row that is due now (an offer before its end; offers
 * have no other schedule) is inserted already claimed, as claimDueDeliveries would leave it:
 * `sending` from the statement's time, its first attempt, leased (docs/adr/0056). The statement's
 * time, not the transaction's: the lease is counted from no earlier than the caller's clock read
 * before the statement, so the caller knows a lower bound of what is left of it.
 */
const queueOfferSmsStatement = prepared(
  (
    db: Kysely<NotificationDatabase>,
    p: {
      leadId: string;
      ids: string[];
      dedupeKeys: string[];
      contractorIds: string[];
      bodies: string[];
      expiresAts: string[];
      leaseSeconds: number | null;
    },
  ) => {
    const claimed = sql<boolean>`(${p.leaseSeconds}::int is not null and o.expires_at > statement_timestamp())`;
    return db
      .insertInto('deliveries')
      .columns([
        'id',
        'status',
        'attempts',
        'sending_at',
        'locked_until',
        'dedupe_key',
        'kind',
        'channel',
        'recipient',
        'body',
        'lead_id',
        'contractor_id',
        'expires_at',
      ])
      .expression(
        db
          .selectFrom(
            sql<{ id: string; dedupe_key: string; contractor_id: string; body: string; expires_at: Date }>`(
              select * from unnest(${p.ids}::uuid[], ${p.dedupeKeys}::text[], ${p.contractorIds}::text[],
                                   ${p.bodies}::text[], ${p.expiresAts}::timestamptz[])
                as o(id, dedupe_key, contractor_id, body, expires_at)
            )`.as('o'),
          )
          .innerJoin('contacts as c', 'c.contractor_id', 'o.contractor_id')
          .select((eb) => [
            'o.id',
            sql<string>`case when ${claimed} then 'sending' else 'pending' end`.as('status'),
            sql<number>`case when ${claimed} then 1 else 0 end`.as('attempts'),
            sql<Date>`case when ${claimed} then statement_timestamp() end`.as('sending_at'),
            sql<Date>`case when ${claimed} then statement_timestamp() + make_interval(secs => ${p.leaseSeconds}::int) end`.as(
              'locked_until',
            ),
            'o.dedupe_key',
            sql.lit('lead_offer').as('kind'),
            sql.lit('sms').as('channel'),
            eb.ref('c.phone_e164').as('recipient'),
            'o.body',
            sql<string>`${p.leadId}::uuid`.as('lead_id'),
            'o.contractor_id',
            'o.expires_at',
          ])
          .where('c.sms_opt_in', '=', sql.lit(true))
          .where('c.deleted', '=', sql.lit(false))
          .where('c.phone_e164', 'is not', null),
      )
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning([...claimedColumns, 'status', 'contractor_id']);
  },
);

/**
 * Queue a lead's offer SMS in one statement: each to the contractor's phone in the contacts
 * projection, for those who consented, are not deleted and have a phone SMS can go to; an offer
 * already queued (a redelivery) is ignored. Returns the contractors whose SMS was new (`queued`).
 * With a `leaseSeconds`, the offers due now are inserted already claimed and returned (`claimed`),
 * for the caller to hand to its own sender after commit (docs/adr/0056); `claimedBefore` is the
 * caller's monotonic clock (performance.now()) read before the statement, from which the lease runs
 * at the earliest. Without one, every offer is queued `pending` for the sender's claim.
 */
export async function queueClaimedOfferSms(
  db: Kysely<NotificationDatabase>,
  o: OfferSms,
  leaseSeconds: number | null,
): Promise<{ queued: string[]; claimed: ClaimedDelivery[]; claimedBefore: number }> {
  const claimedBefore = performance.now();
  if (o.offers.length === 0) return { queued: [], claimed: [], claimedBefore };
  const { rows } = await queueOfferSmsStatement(db, {
    leadId: o.lead_id,
    ids: o.offers.map(() => randomUUID()),
    dedupeKeys: o.offers.map((x) => x.dedupe_key),
    contractorIds: o.offers.map((x) => x.contractor_id),
    bodies: o.offers.map((x) => x.body),
    expiresAts: o.offers.map((x) => x.expires_at),
    leaseSeconds,
  });
  return {
    queued: rows.map((r) => r.contractor_id!),
    claimed: rows
      .filter((r) => r.status === 'sending')
      .map(({ status: _, contractor_id: __, ...d }) => ({ ...d, channel: d.channel as ClaimedDelivery['channel'] })),
    claimedBefore,
  };
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
 * How much earlier than it was queued a contractor's offer counts when due deliveries are taken in
 * turn. Every accepted lead's customer gets a code SMS (ContactCodeIssued) queued before that lead's
 * offers are decided, so under load the codes of later leads queued ahead of an offer and delayed it;
 * offers race other contractors for the lead and go first. The head start is bounded, so a code is
 * never starved: it goes before every offer queued more than this after it, whatever the offers'
 * rate, so its wait beyond first-come-first-served order is at most about this long.
 */
export const OFFER_HEAD_START_SECONDS = 3;

/**
 * Take up to `limit` deliveries that are due: pending, due, and (offers) not expired, in turn (see
 * OFFER_HEAD_START_SECONDS: an offer first, unless another message has waited longer than its head
 * start), and returned in that order. They are taken in one statement that marks them `sending` with the time the provider call begins; the rows are
 * locked as they are chosen (FOR UPDATE SKIP LOCKED) and the update re-checks them, so two senders
 * never take the same one, and a row left in `sending` by a crash is never taken here again: it may
 * have reached the provider (see takeInterruptedDeliveries).
 */
export async function claimDueDeliveries(
  db: Kysely<NotificationDatabase>,
  limit: number,
  leaseSeconds = 60,
): Promise<ClaimedDelivery[]> {
  const rows = await claimDueStatement(db, { limit, leaseSeconds, offerHeadStart: OFFER_HEAD_START_SECONDS });
  // In turn, as they were chosen (RETURNING keeps no order): the batch's requests go out in this order.
  const turns = new Map(rows.map((r) => [r, new Date(r.turn_at).getTime()]));
  return rows.sort((a, b) => turns.get(a)! - turns.get(b)!).map(({ turn_at: _, ...d }) => d);
}

/** `claimDueDeliveries`' statement, compiled once and prepared (docs/adr/0027). */
const claimDueStatement = preparedRead(
  (db: Kysely<NotificationDatabase>, p: { limit: number; leaseSeconds: number; offerHeadStart: number }) => {
    // A delivery's turn: when it was queued, an offer's moved earlier by its head start.
    const turnAt = sql<Date>`created_at - make_interval(secs => case when kind = 'lead_offer' then ${p.offerHeadStart}::int else 0 end)`;
    const isDue = (eb: ExpressionBuilder<NotificationDatabase, 'deliveries'>) =>
      eb.and([
        // A literal, not a parameter: the generic plan can then use the partial index of pending rows.
        eb('status', '=', sql.lit('pending')),
        eb('next_attempt_at', '<=', sql<Date>`now()`),
        eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]),
      ]);
    return db
      .updateTable('deliveries')
      .set({
        status: 'sending',
        attempts: sql`attempts + 1`,
        sending_at: sql`now()`,
        locked_until: sql`now() + make_interval(secs => ${p.leaseSeconds})`,
      })
      .where('id', 'in', (qb) =>
        qb.selectFrom('deliveries').select('id').where(isDue).orderBy(turnAt).limit(p.limit).forUpdate().skipLocked(),
      )
      .where(isDue)
      .returning([...claimedColumns, turnAt.as('turn_at')]);
  },
);

/** Offers whose end passed before they were sent are never sent: marked `expired` (their links scrubbed). */
export async function expireOverdueOffers(db: Kysely<NotificationDatabase>): Promise<number> {
  const rows = await expireOverdueStatement(db, {});
  await scrubUnsent(db, rows);
  return rows.length;
}

/**
 * `expireOverdueOffers`' statement, compiled once and prepared (docs/adr/0027), as is
 * `takeInterruptedDeliveries`': the sender runs both every NOTIFICATION_POLL_MS whatever the load,
 * and building them with kysely each time was most of that sweep's CPU.
 */
const expireOverdueStatement = preparedRead((db: Kysely<NotificationDatabase>, _p: object) =>
  db
    .updateTable('deliveries')
    .set({ status: 'expired', locked_until: null })
    // Literal states in the prepared statements: their generic plans then use the partial indexes.
    .where('status', '=', sql.lit('pending'))
    .where('expires_at', '<=', sql<Date>`now()`)
    .returning(['id', 'body']),
);

/**
 * The lead was sold, expired or deleted: its offers not yet handed to a provider are never sent,
 * and their stored bodies drop the claim token (nobody will ever need it).
 *
 * Offers in `sending` are cancelled too: one inserted already claimed (docs/adr/0056) may wait in
 * its sender's memory, or be lost there and wait for its lease, and once cancelled it is never
 * reconciled and retried. One whose provider call is under way may still go out: its send then
 * records it `sent`, and a failed send leaves it cancelled (markAttemptFailed).
 */
export async function cancelLeadOffers(
  db: Kysely<NotificationDatabase>,
  leadId: string,
  reason: string,
): Promise<number> {
  const rows = await db
    .updateTable('deliveries')
    .set({ status: 'cancelled', last_error: reason, locked_until: null })
    .where('lead_id', '=', leadId)
    .where('kind', '=', 'lead_offer')
    .where('status', 'in', ['pending', 'sending'])
    .returning(['id', 'body'])
    .execute();
  await scrubUnsent(db, rows);
  return rows.length;
}

export interface InterruptedDelivery extends ClaimedDelivery {
  /** When the interrupted provider call began (null only for a row claimed before the column existed). */
  sending_at: Date | null;
}

/**
 * Deliveries left in `sending` past their lease: a sender took them and died (or lost its
 * database) somewhere around the provider call, so the provider may or may not have the message.
 * Each is taken for `leaseSeconds` by a conditional update, for one sender to reconcile.
 */
export async function takeInterruptedDeliveries(
  db: Kysely<NotificationDatabase>,
  limit: number,
  leaseSeconds = 60,
): Promise<InterruptedDelivery[]> {
  return takeInterruptedStatement(db, { limit, leaseSeconds });
}

const takeInterruptedStatement = preparedRead(
  (db: Kysely<NotificationDatabase>, p: { limit: number; leaseSeconds: number }) =>
    db
      .updateTable('deliveries')
      .set({ locked_until: sql`now() + make_interval(secs => ${p.leaseSeconds})` })
      .where('id', 'in', (qb) =>
        qb
          .selectFrom('deliveries')
          .select('id')
          .where('status', '=', sql.lit('sending'))
          .where('locked_until', '<', sql<Date>`now()`)
          .orderBy('created_at')
          .limit(p.limit)
          .forUpdate()
          .skipLocked(),
      )
      .where('status', '=', sql.lit('sending'))
      .where('locked_until', '<', sql<Date>`now()`)
      .returning([...claimedColumns, 'sending_at']),
);

/** The provider may have the message and cannot be asked: never re-sent, left for a person to look at. */
export async function markUnknown(db: Kysely<NotificationDatabase>, id: string, reason: string): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({ status: 'unknown', last_error: reason.slice(0, 500), locked_until: null })
    .where('id', '=', id)
    .execute();
}

/** Deliveries left `unknown`, for an operator to settle (see the runbook's OperatorAttentionNeeded). */
export async function countUnknownDeliveries(db: Kysely<NotificationDatabase>): Promise<number> {
  const row = await db
    .selectFrom('deliveries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'unknown')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface SentMessage {
  id: string;
  provider: string;
  providerMessageId: string;
  status: string;
  /** The body as it is kept (see bodyToKeep). */
  body: string;
}

/** The provider accepted the message; the body is stored as it was sent. */
export async function markSent(
  db: Kysely<NotificationDatabase>,
  id: string,
  r: { provider: string; providerMessageId: string; status: string; body: string },
): Promise<void> {
  await markAllSent(db, [{ id, ...r }]);
}

/**
 * `markAllSent`'s statement, compiled once and prepared (docs/adr/0027): the batch as one array a
 * column, joined with the table by id.
 *
 * The batch goes in under `limit` (its own length, so every row of it): a prepared statement keeps
 * the generic plan it makes on its sixth run on a connection until the table's statistics change,
 * and without the limit that plan, made while the table was small or never analysed (a new
 * deployment; every bench run, autovacuum being off on the bench's server), hashed the batch
 * against a scan of the whole table, every delivery ever stored and its dead versions, for each
 * batch, growing with the table (docs/PERFORMANCE.md). PostgreSQL estimates a limit it cannot see as a
 * tenth of its input, one row here, and looks that row up by the primary key whatever the table's
 * size; the lookup stays the better plan as the table grows.
 */
const markAllSentStatement = prepared(
  (
    db: Kysely<NotificationDatabase>,
    p: {
      ids: string[];
      bodies: string[];
      providers: string[];
      providerMessageIds: string[];
      statuses: string[];
      count: number;
    },
  ) =>
    db
      .updateTable('deliveries')
      .from(
        sql<{ id: string; body: string; provider: string; provider_message_id: string; provider_status: string }>`(
        select * from unnest(${p.ids}::uuid[], ${p.bodies}::text[], ${p.providers}::text[],
                             ${p.providerMessageIds}::text[], ${p.statuses}::text[])
          as s(id, body, provider, provider_message_id, provider_status)
        limit ${p.count}::int
      )`.as('s'),
      )
      .set((eb) => ({
        // A status callback can arrive before this record of the send (recordProviderStatus finds
        // the row by the delivery id in its URL): its final outcome and provider status stand.
        status: sql`case when deliveries.status in ('delivered', 'undelivered', 'failed') then deliveries.status else 'sent' end`,
        body: eb.ref('s.body'),
        provider: eb.ref('s.provider'),
        provider_message_id: eb.ref('s.provider_message_id'),
        provider_status: sql`case when deliveries.provider_status_at is null then s.provider_status else deliveries.provider_status end`,
        sent_at: sql`now()`,
        locked_until: null,
        last_error: null,
      }))
      .whereRef('deliveries.id', '=', 's.id'),
);

/** Record a batch of messages the provider accepted, in one statement. */
export async function markAllSent(db: Kysely<NotificationDatabase>, sent: SentMessage[]): Promise<void> {
  if (sent.length === 0) return;
  const column = <K extends keyof SentMessage>(k: K) => sent.map((m) => m[k]);
  await markAllSentStatement(db, {
    ids: column('id'),
    bodies: column('body'),
    providers: column('provider'),
    providerMessageIds: column('providerMessageId'),
    statuses: column('status'),
    count: sent.length,
  });
}

/**
 * A failed attempt: retried after `retryInSeconds`, or failed for good when out of attempts. Only a
 * row still `sending` is changed: an offer cancelled during its attempt stays cancelled.
 */
export async function markAttemptFailed(
  db: Kysely<NotificationDatabase>,
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
    .where('status', '=', 'sending')
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
 * delivery has that message id.
 *
 * `deliveryId` comes from the callback's signed URL (statusCallbackUrl). With it a callback that
 * arrives before the sender has recorded the message id (the provider answers the send and posts
 * the callback at once; the sender records its whole batch after the slowest send) still finds its
 * delivery, records the message id, and markAllSent keeps the outcome. Without it an early
 * callback was acknowledged as unknown and the outcome lost (a refund never made).
 */
export async function recordProviderStatus(
  db: Kysely<NotificationDatabase>,
  providerMessageId: string,
  providerStatus: string,
  finalStatus: DeliveryStatus | undefined,
  deliveryId?: string,
): Promise<StatusTarget | undefined> {
  const row = await db
    .selectFrom('deliveries')
    .select(['id', 'kind', 'lead_id', 'channel', 'provider', 'status'])
    .where((eb) =>
      deliveryId === undefined
        ? eb('provider_message_id', '=', providerMessageId)
        : eb.or([
            eb('provider_message_id', '=', providerMessageId),
            eb.and([eb('id', '=', deliveryId), eb('channel', '=', 'sms'), eb('provider_message_id', 'is', null)]),
          ]),
    )
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  await db
    .updateTable('deliveries')
    .set({
      provider_message_id: providerMessageId,
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
export async function listDeliveries(
  db: Kysely<NotificationDatabase>,
  filter: { channel?: 'sms' | 'email'; to?: string; limit?: number },
) {
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
