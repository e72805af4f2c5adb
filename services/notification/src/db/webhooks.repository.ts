import { preparedRead } from '@leadmarket/platform';
import { sql, type Kysely } from 'kysely';
import type { NotificationDatabase, WebhookEndpointsTable, WebhookMessagesTable } from './database.js';
import type { Selectable } from 'kysely';

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookMessageRow = Selectable<WebhookMessagesTable>;

type Db = Kysely<NotificationDatabase>;

/** A contractor's endpoints, oldest first. */
export const endpointsOf = (db: Db, contractorId: string): Promise<WebhookEndpointRow[]> =>
  db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('contractor_id', '=', contractorId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** One of a contractor's endpoints (another contractor's is not found). */
export const endpointOf = (db: Db, contractorId: string, id: string): Promise<WebhookEndpointRow | undefined> =>
  db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('contractor_id', '=', contractorId)
    .where('id', '=', id)
    .executeTakeFirst();

export async function insertEndpoint(
  db: Db,
  row: Pick<
    WebhookEndpointRow,
    'id' | 'contractor_id' | 'url' | 'description' | 'events' | 'secret_sealed' | 'secret_hint'
  >,
): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

/** Change an endpoint's address, events, description or secret; false when it is not the contractor's. */
export async function updateEndpoint(
  db: Db,
  contractorId: string,
  id: string,
  patch: Partial<Pick<WebhookEndpointRow, 'url' | 'events' | 'description' | 'secret_sealed' | 'secret_hint'>>,
): Promise<boolean> {
  if (Object.keys(patch).length === 0) return (await endpointOf(db, contractorId, id)) !== undefined;
  const result = await db
    .updateTable('webhook_endpoints')
    .set(patch)
    .where('contractor_id', '=', contractorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Turn an endpoint back on: what failed while it was disabled can be replayed from the log. */
export async function enableEndpoint(db: Db, contractorId: string, id: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ status: 'enabled', disabled_reason: null, disabled_at: null })
    .where('contractor_id', '=', contractorId)
    .where('id', '=', id)
    .execute();
}

/** Remove an endpoint with its messages and their attempts; false when it is not the contractor's. */
export async function deleteEndpoint(db: Db, contractorId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('contractor_id', '=', contractorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The enabled endpoints of a contractor subscribed to `type`. */
export const subscribedEndpoints = (db: Db, contractorId: string, type: string): Promise<{ id: string }[]> =>
  db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('contractor_id', '=', contractorId)
    .where('status', '=', 'enabled')
    .where(sql<boolean>`${type} = any(events)`)
    .execute();

export interface NewWebhookMessage {
  id: string;
  endpoint_id: string;
  contractor_id: string;
  event_key: string;
  type: string;
  lead_id: string | null;
  body: string;
  at: Date;
}

/** Queue messages; one already queued for the same event and endpoint is kept as it is. Answers how many were new. */
export async function queueMessages(db: Db, messages: NewWebhookMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const inserted = await db
    .insertInto('webhook_messages')
    .values(
      messages.map(({ at, ...m }) => ({
        ...m,
        status: 'pending' as const,
        trigger: 'scheduled' as const,
        next_attempt_at: at,
        window_start: at,
        created_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['endpoint_id', 'event_key']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/** A message taken for an attempt, with what the attempt needs of its endpoint. */
export interface ClaimedWebhookMessage {
  id: string;
  endpoint_id: string;
  contractor_id: string;
  body: string;
  attempts: number;
  trigger: 'scheduled' | 'replay';
  window_start: Date;
}

/**
 * Take up to `limit` messages due at `now` for enabled endpoints, and those whose attempt was
 * interrupted (still `sending` after its lease: the worker died or lost the database), marking them
 * `sending` until now + lease. SKIP LOCKED lets several workers claim at once without taking the
 * same message; the lease keeps a message from a second attempt while one may still be running.
 */
export async function claimDueMessages(
  db: Db,
  now: Date,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedWebhookMessage[]> {
  const rows = await claimDueMessagesStatement(db, {
    now,
    lockedUntil: new Date(now.getTime() + leaseSeconds * 1000),
    limit,
  });
  return rows.map((r) => ({ ...r, window_start: new Date(r.window_start) }));
}

/**
 * `claimDueMessages`' statement, compiled once and prepared (docs/adr/0027): the worker polls it
 * every NOTIFICATION_POLL_MS whether or not any webhook is due, and building it with kysely each
 * time was most of that poll's CPU.
 */
const claimDueMessagesStatement = preparedRead((db: Db, p: { now: Date; lockedUntil: Date; limit: number }) =>
  db
    .updateTable('webhook_messages')
    .set({ status: 'sending', attempts: sql`attempts + 1`, locked_until: p.lockedUntil })
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('webhook_messages as m')
        .innerJoin('webhook_endpoints as e', 'e.id', 'm.endpoint_id')
        .select('m.id')
        .where('e.status', '=', 'enabled')
        .where((eb) =>
          eb.or([
            eb.and([eb('m.status', '=', 'pending'), eb('m.next_attempt_at', '<=', p.now)]),
            eb.and([eb('m.status', '=', 'sending'), eb('m.locked_until', '<=', p.now)]),
          ]),
        )
        .orderBy('m.next_attempt_at')
        .limit(p.limit)
        .forUpdate('m')
        .skipLocked(),
    )
    .returning(['id', 'endpoint_id', 'contractor_id', 'body', 'attempts', 'trigger', 'window_start']),
);

export interface AttemptRecord {
  message_id: string;
  attempted_at: Date;
  duration_ms: number;
  status_code: number | null;
  response_bytes: number | null;
  error: string | null;
  trigger: 'scheduled' | 'replay';
}

export async function recordAttempt(db: Db, a: AttemptRecord): Promise<void> {
  await db.insertInto('webhook_attempts').values(a).execute();
}

/** The attempt succeeded: the message is delivered and the endpoint has worked at `at`. */
export async function markDelivered(db: Db, m: { id: string; endpoint_id: string }, at: Date): Promise<void> {
  await db
    .updateTable('webhook_messages')
    .set({ status: 'delivered', delivered_at: at, locked_until: null })
    .where('id', '=', m.id)
    .execute();
  await db.updateTable('webhook_endpoints').set({ last_success_at: at }).where('id', '=', m.endpoint_id).execute();
}

/** The attempt failed and another is due at `next`. */
export async function markRetry(db: Db, id: string, next: Date): Promise<void> {
  await db
    .updateTable('webhook_messages')
    .set({ status: 'pending', next_attempt_at: next, locked_until: null })
    .where('id', '=', id)
    .execute();
}

/** The message will not be attempted again (a refusal retrying cannot fix, or its window ran out). */
export async function markFailed(db: Db, id: string): Promise<void> {
  await db.updateTable('webhook_messages').set({ status: 'failed', locked_until: null }).where('id', '=', id).execute();
}

/**
 * Disable an endpoint unless it succeeded since `since` (then it works, only not for this message);
 * its waiting messages fail with it. Answers whether it was disabled now.
 */
export async function disableEndpointFailingSince(
  db: Db,
  endpointId: string,
  since: Date,
  reason: string,
  at: Date,
): Promise<boolean> {
  const disabled = await db
    .updateTable('webhook_endpoints')
    .set({ status: 'disabled', disabled_reason: reason, disabled_at: at })
    .where('id', '=', endpointId)
    .where('status', '=', 'enabled')
    .where((eb) => eb.or([eb('last_success_at', 'is', null), eb('last_success_at', '<', since)]))
    .executeTakeFirst();
  if (disabled.numUpdatedRows === 0n) return false;
  await db
    .updateTable('webhook_messages')
    .set({ status: 'failed', locked_until: null })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
  return true;
}

/** An endpoint's newest messages with all their attempts. */
export async function messageLog(db: Db, endpointId: string, limit: number) {
  const messages = await db
    .selectFrom('webhook_messages')
    .select(['id', 'type', 'status', 'created_at', 'next_attempt_at'])
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const attempts = messages.length
    ? await db
        .selectFrom('webhook_attempts')
        .select(['message_id', 'attempted_at', 'duration_ms', 'status_code', 'response_bytes', 'error', 'trigger'])
        .where(
          'message_id',
          'in',
          messages.map((m) => m.id),
        )
        .orderBy('attempted_at')
        .orderBy('id')
        .execute()
    : [];
  return messages.map((m) => ({ ...m, attempts: attempts.filter((a) => a.message_id === m.id) }));
}

/** A contractor's message, if it is theirs. */
export const messageOf = (db: Db, contractorId: string, id: string) =>
  db
    .selectFrom('webhook_messages')
    .select(['id', 'endpoint_id', 'status'])
    .where('contractor_id', '=', contractorId)
    .where('id', '=', id)
    .executeTakeFirst();

/**
 * Send a message again from the log, with the same id (its webhook-id): due now, with a fresh
 * retry window. A message being attempted right now is left to that attempt.
 */
export async function replayMessage(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('webhook_messages')
    .set({
      status: 'pending',
      trigger: 'replay',
      attempts: 0,
      next_attempt_at: now,
      window_start: now,
      locked_until: null,
    })
    .where('id', '=', id)
    .where('status', '!=', 'sending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * A deleted lead's customer leaves the webhook messages about it: their bodies lose the contact and
 * the job's description, and those not yet delivered are not sent.
 */
export async function eraseLeadFromWebhooks(db: Db, leadId: string): Promise<void> {
  await db
    .updateTable('webhook_messages')
    .set({ status: sql`case when status = 'delivered' then status else 'failed' end` })
    .where('lead_id', '=', leadId)
    .execute();
  await db
    .updateTable('webhook_messages')
    .set({
      body: sql`jsonb_set(jsonb_set(body::jsonb, '{data,customer}', '{"name":"Deleted","phone":"","email":null}'), '{data,job,description}', '""')::text`,
    })
    .where('lead_id', '=', leadId)
    .where('type', '=', 'lead.purchased')
    .execute();
}

/** A deleted contractor's endpoints go, with their messages. */
export async function deleteEndpointsOf(db: Db, contractorId: string): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('contractor_id', '=', contractorId).execute();
}

/**
 * Delete finished messages (delivered or failed) created before `before`, with their attempts: the
 * log is for looking back a while and replaying, and lead.purchased bodies carry a customer's contact.
 */
export async function pruneWebhookLog(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .deleteFrom('webhook_messages')
    .where('created_at', '<', before)
    .where('status', 'in', ['delivered', 'failed'])
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
