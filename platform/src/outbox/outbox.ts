import { randomUUID } from 'node:crypto';
import {
  EVENT_SCHEMAS,
  EVENT_VERSION,
  type EventData,
  type EventEnvelope,
  type EventType,
  type ServiceName,
} from '@leadmarket/contracts';
import { sql, type Kysely, type QueryCreator, type Transaction } from 'kysely';
import { schemaOf } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import { currentCorrelationId, currentTraceparent } from '../telemetry.js';
import type { AnySchemaDb, AnySchemaTables } from '../db/any-schema.js';

/** An event to publish once the transaction that writes it commits. */
export interface NewEvent<T extends EventType = EventType> {
  type: T;
  data: EventData<T>;
  /** Defaults to the request or event being handled. */
  correlationId?: string;
}

export const outboxChannel = (service: ServiceName) => `lm_outbox_${schemaOf(service)}`;

/** Build a validated envelope (a producer never emits data its consumers would reject). */
export function buildEnvelope<T extends EventType>(
  producer: ServiceName,
  event: NewEvent<T>,
): EventEnvelope<EventData<T>> {
  const data = EVENT_SCHEMAS[event.type].parse(event.data) as EventData<T>;
  const id = randomUUID();
  return {
    id,
    type: event.type,
    version: EVENT_VERSION,
    occurred_at: new Date().toISOString(),
    producer,
    correlation_id: event.correlationId ?? currentCorrelationId() ?? id,
    traceparent: currentTraceparent(),
    data,
  };
}

/**
 * The after-commit hand-off: the envelopes a transaction wrote wait here under a token, and the
 * transaction's NOTIFY carries that token. PostgreSQL delivers a NOTIFY only when (and right after)
 * its transaction commits, so the relay of this process that receives its own token knows the rows
 * are committed and publishes them from memory, with no claim transaction. A rolled-back
 * transaction's token never arrives and expires here; rows whose hand-off is lost (a dropped LISTEN
 * connection, a crash after commit, a failed publish) are published by the relay's polling pass.
 */
const HAND_OFF_TTL_MS = 60_000;
interface HandOff {
  service: ServiceName;
  envelopes: EventEnvelope[];
  /** Envelope id → correlation id of the events the writing process waits for an answer to. */
  requests?: Map<string, string>;
  at: number;
}
const handOffs = new Map<string, HandOff>();

function registerHandOff(service: ServiceName, envelopes: EventEnvelope[], requests?: Map<string, string>): string {
  const now = Date.now();
  // Insertion order is age order: drop expired ones (rolled back, or their NOTIFY was lost).
  for (const [token, h] of handOffs) {
    if (now - h.at < HAND_OFF_TTL_MS) break;
    handOffs.delete(token);
  }
  const token = randomUUID();
  handOffs.set(token, { service, envelopes, requests, at: now });
  return token;
}

/** The committed envelopes behind a NOTIFY payload, taken once; undefined when another process (or nobody) wrote them. */
export function takeHandOff(service: ServiceName, token: string): EventEnvelope[] | undefined {
  return takeHandOffWithRequests(service, token)?.envelopes;
}

/** `takeHandOff`, with the requests among the envelopes (published asking for an answer: `PublishOptions.requests`). */
export function takeHandOffWithRequests(
  service: ServiceName,
  token: string,
): { envelopes: EventEnvelope[]; requests?: Map<string, string> } | undefined {
  const h = handOffs.get(token);
  if (!h || h.service !== service) return undefined;
  handOffs.delete(token);
  return { envelopes: h.envelopes, requests: h.requests };
}

/** This process's running relays by service: where a writer that saw its own commit hands its token. */
const committedListeners = new Map<ServiceName, Set<(token: string) => void>>();

/** A relay takes the hand-offs of writers that saw their own commit (see `handOffCommitted`); returns the stop. */
export function onCommittedHandOff(service: ServiceName, deliver: (token: string) => void): () => void {
  let listeners = committedListeners.get(service);
  if (!listeners) committedListeners.set(service, (listeners = new Set()));
  listeners.add(deliver);
  return () => void listeners.delete(deliver);
}

/**
 * One event's outbox row for a single statement that writes it itself, conditionally, and commits
 * on its own (lead-intake's submit: the lead and its LeadSubmitted only if the lead was inserted).
 * The statement must insert `(id, type, envelope)` into the producer's outbox and run outside any
 * transaction: once it has answered it has committed, and the writer hands the envelope to this
 * process's relay itself (`handOffCommitted`), with no NOTIFY. A NOTIFY would serialise the
 * statement's commit, WAL flush included, behind every other notifying commit of the database
 * (PostgreSQL holds one lock on the notification queue from before commit until after it). A token
 * never handed off expires here, and the polling pass is the fallback.
 */
export interface OutboxWrite {
  producer: ServiceName;
  id: string;
  type: string;
  /** The envelope as JSON text. */
  envelope: string;
  token: string;
}

/**
 * `write`'s statement answered that it wrote the row, so it has committed: give its envelope to
 * this process's relay now, as a NOTIFY would have after the commit. Without a running relay of
 * its producer here the token waits, expires, and the polling pass publishes the row.
 */
export function handOffCommitted(write: Pick<OutboxWrite, 'producer' | 'token'>): void {
  for (const deliver of committedListeners.get(write.producer) ?? []) {
    // The first relay takes the token; any other finds it taken, as with a NOTIFY heard by several.
    deliver(write.token);
    if (!handOffs.has(write.token)) return;
  }
}

export function outboxWriteOf(
  producer: ServiceName,
  event: NewEvent,
  options: {
    /**
     * Publish it as a request: its consumer answers this correlation id to this process (the
     * bus's `onReply`), after its own commit. Only the after-commit hand-off asks; a row the
     * polling pass publishes is the durable path alone, and its writer has stopped waiting.
     */
    requestCorrelationId?: string;
  } = {},
): OutboxWrite {
  const envelope = buildEnvelope(producer, event);
  const requests = options.requestCorrelationId ? new Map([[envelope.id, options.requestCorrelationId]]) : undefined;
  return {
    producer,
    id: envelope.id,
    type: envelope.type,
    envelope: JSON.stringify(envelope),
    token: registerHandOff(producer, [envelope], requests),
  };
}

/** Envelopes as the outbox statements take them: one array per column. */
export interface OutboxRows {
  ids: string[];
  types: string[];
  /** Each envelope as JSON text. */
  envelopes: string[];
}

/**
 * Envelopes' outbox rows, and the hand-off their writer passes to `handOffCommitted` once the
 * transaction that inserts them has committed (with no NOTIFY; a rollback lets the token expire).
 * No envelopes, no hand-off.
 */
export function outboxRowsOf(
  producer: ServiceName,
  envelopes: EventEnvelope[],
): { rows: OutboxRows; handOff?: Pick<OutboxWrite, 'producer' | 'token'> } {
  return {
    rows: {
      ids: envelopes.map((e) => e.id),
      types: envelopes.map((e) => e.type),
      envelopes: envelopes.map((e) => JSON.stringify(e)),
    },
    // Other instances do not know the token and ignore it; their polling pass is the fallback.
    handOff: envelopes.length > 0 ? { producer, token: registerHandOff(producer, envelopes) } : undefined,
  };
}

/** The outbox rows of `outboxRowsOf` as one INSERT, for a statement of its own or a CTE of another. */
export const insertOutboxRowsOf = (db: QueryCreator<AnySchemaTables>, p: OutboxRows) =>
  db
    .insertInto('outbox')
    .columns(['id', 'type', 'envelope'])
    .expression(sql`select * from unnest(${p.ids}::uuid[], ${p.types}::text[], ${p.envelopes}::jsonb[])`);

/**
 * The outbox rows and, in the same statement, the NOTIFY (delivered at commit) that hands them to
 * this process's relay; a data-modifying CTE always runs. One statement text whatever the number of
 * rows (arrays through unnest), so it is prepared once per connection.
 */
const insertOutboxRows = prepared((db: AnySchemaDb, p: OutboxRows & { channel: string; token: string }) =>
  db
    .with('written', (w) => insertOutboxRowsOf(w, p).returning('id'))
    .selectNoFrom(sql<void>`pg_notify(${p.channel}::text, ${p.token}::text)`.as('notified')),
);

/** `insertOutboxRows` without the NOTIFY, for a writer that hands its rows off itself after commit. */
const insertOutboxRowsQuietly = prepared((db: AnySchemaDb, p: OutboxRows) => insertOutboxRowsOf(db, p));

/**
 * Write already built envelopes in the caller's transaction (see appendToOutbox). With
 * `handOff: 'by-writer'` no NOTIFY is sent: the caller, which commits the transaction itself, must
 * pass the answer to `handOffCommitted` once the commit has succeeded (a NOTIFY would hold the
 * database's notification-queue lock across the commit and its WAL flush, so notifying commits go
 * one at a time). Else the NOTIFY hands the rows to this process's relay at commit.
 */
export async function writeOutbox(
  trx: AnySchemaDb,
  producer: ServiceName,
  envelopes: EventEnvelope[],
  options: { handOff?: 'notify' | 'by-writer' } = {},
): Promise<Pick<OutboxWrite, 'producer' | 'token'> | undefined> {
  if (envelopes.length === 0) return undefined;
  const { rows, handOff } = outboxRowsOf(producer, envelopes);
  if (options.handOff === 'by-writer') await insertOutboxRowsQuietly(trx, rows);
  else await insertOutboxRows(trx, { ...rows, channel: outboxChannel(producer), token: handOff!.token });
  return handOff;
}

/** What a transaction whose writer sees its commit has written, to hand to the relay after it. */
type CommittedHandOffs = Array<Pick<OutboxWrite, 'producer' | 'token'>>;

/** Transactions run by `transactionHandingOff` (or the consumer runner): their events go without a NOTIFY. */
const writersOwnCommits = new WeakMap<object, CommittedHandOffs>();

/**
 * Mark `trx` as a transaction whose committer hands its events to the relay itself: events written
 * in it by `appendToOutbox` send no NOTIFY and are listed in the returned array, which the caller
 * must pass to `handOffCommitted` once the commit has succeeded (docs/adr/0054).
 */
export function handOffAfterCommit(trx: object): CommittedHandOffs {
  let written = writersOwnCommits.get(trx);
  if (!written) writersOwnCommits.set(trx, (written = []));
  return written;
}

/**
 * Run `fn` in a transaction of `db` and hand the events it wrote (`appendToOutbox`, a service's
 * `ctx.emit`) to this process's relay once it has committed, with no NOTIFY: a notifying commit
 * holds the database's notification-queue lock across its WAL flush, so notifying commits of the
 * whole database go one at a time (docs/adr/0053, 0054). A rollback hands nothing off.
 */
export async function transactionHandingOff<DB, T>(
  db: Kysely<DB>,
  fn: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  let written: CommittedHandOffs = [];
  const result = await db.transaction().execute((trx) => {
    written = handOffAfterCommit(trx);
    return fn(trx);
  });
  for (const w of written) handOffCommitted(w);
  return result;
}

/**
 * Write events in the caller's transaction (`trx` must be the service's own schema-scoped
 * transaction). They are published by the relay after commit; a rollback publishes nothing. In a
 * transaction whose committer hands off (`handOffAfterCommit`) no NOTIFY is sent; in any other the
 * NOTIFY hands them to the relay at commit.
 */
export async function appendToOutbox(
  trx: AnySchemaDb,
  producer: ServiceName,
  events: NewEvent[],
): Promise<EventEnvelope[]> {
  if (events.length === 0) return [];
  const envelopes = events.map((e) => buildEnvelope(producer, e));
  const committer = writersOwnCommits.get(trx);
  const written = await writeOutbox(trx, producer, envelopes, { handOff: committer ? 'by-writer' : 'notify' });
  if (committer && written) committer.push(written);
  return envelopes;
}
