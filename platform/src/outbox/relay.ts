import type { EventEnvelope, ServiceName } from '@leadmarket/contracts';
import { sql } from 'kysely';
import { publishAll, type EventBus, type PublishOptions } from '../bus/event-bus.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../logger.js';
import { eventsPublished } from '../metrics.js';
import { prepared, preparedRead } from '../db/prepared.js';
import { backoffMs, isTransientError, withDeadline } from '../transient.js';
import { onCommittedHandOff, outboxChannel, takeHandOffWithRequests } from './outbox.js';
import { CONTACT_BEARING_EVENTS, redactedContactEnvelope, redactPublished } from './redact.js';
import type { AnySchemaDb } from '../db/any-schema.js';

/**
 * The relay's statements of every pass, compiled once and prepared (docs/adr/0027): the rows'
 * ids go in as one array, so a batch of any size sends the same text.
 */
const claimStatement = preparedRead((db: AnySchemaDb, p: { graceSeconds: number; batchSize: number }) =>
  db
    .selectFrom('outbox')
    .select(['id', 'envelope', 'attempts'])
    .where('processed_at', 'is', null)
    .where('abandoned_at', 'is', null)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${p.graceSeconds})`)
    .orderBy('created_at')
    .limit(p.batchSize)
    .forUpdate()
    .skipLocked(),
);

const lockStatement = prepared((db: AnySchemaDb, p: { ids: string[]; lockSeconds: number }) =>
  db
    .updateTable('outbox')
    .set({ locked_until: sql`now() + make_interval(secs => ${p.lockSeconds})`, attempts: sql`attempts + 1` })
    .where(sql<boolean>`id = any(${p.ids}::uuid[])`),
);

const markSentStatement = prepared((db: AnySchemaDb, p: { ids: string[] }) =>
  db
    .updateTable('outbox')
    .set({ processed_at: sql`now()`, locked_until: null, last_error: null })
    .where(sql<boolean>`id = any(${p.ids}::uuid[])`)
    .where('processed_at', 'is', null),
);

/** Mark contact-bearing rows sent and blank their contact, in one statement for the batch (redact.ts). */
const markSentRedactingContactStatement = prepared((db: AnySchemaDb, p: { ids: string[] }) =>
  db
    .updateTable('outbox')
    .set({ processed_at: sql`now()`, locked_until: null, last_error: null, envelope: redactedContactEnvelope })
    .where(sql<boolean>`id = any(${p.ids}::uuid[])`),
);

export interface RelayOptions {
  database: Database;
  service: ServiceName;
  bus: EventBus;
  logger: Logger;
  /** Polling fallback when no notification arrives (a lost LISTEN connection, another instance's write). */
  pollIntervalMs?: number;
  batchSize?: number;
  /** Publish attempts before a row is abandoned (kept, flagged, and logged for an operator). */
  maxAttempts?: number;
  /** How long a claimed row stays invisible to other relay instances. */
  lockSeconds?: number;
  /**
   * A pass that has not finished after this is abandoned and the next one starts (its claimed rows
   * unlock after lockSeconds). Each query and publish has its own deadline too; this is the backstop
   * that keeps a relay from stopping for ever on a connection nobody answers.
   */
  passDeadlineMs?: number;
  /**
   * The polling pass leaves rows younger than this to the after-commit hand-off of the process that
   * wrote them (so a fresh row is not published twice); older unpublished rows are the fallback's.
   */
  handOffGraceMs?: number;
  /**
   * Rows published by the hand-off are marked sent together, this long after the first of them was
   * confirmed (one statement for every event published meanwhile instead of one per batch). Well
   * under handOffGraceMs, so the polling pass never sees them unmarked.
   */
  markDelayMs?: number;
}

interface OutboxRow {
  id: string;
  envelope: EventEnvelope | string;
  attempts: number;
}

/**
 * Publishes a service's outbox, two ways:
 * - the fast path: a transaction's NOTIFY (delivered at commit) hands its envelopes to this
 *   process's relay (outbox.ts), which publishes them from memory with batched confirms and then
 *   marks them sent in one statement: no claim transaction, no read of the rows;
 * - the polling fallback (a lost hand-off, a crash after commit, a failed publish, rows of a dead
 *   instance): claims pending rows older than the hand-off grace with FOR UPDATE SKIP LOCKED (so
 *   several instances share the work), publishes each with a broker confirm, and only then marks it
 *   sent. Failed publishes are retried with backoff up to maxAttempts.
 * Either way a row is marked only after the broker confirmed it; a duplicate publish (both paths, a
 * mark lost) is harmless because every consumer's inbox drops a redelivered event.
 */
export class OutboxRelay {
  private readonly db: AnySchemaDb;
  private running = false;
  private wake?: () => void;
  private loop?: Promise<void>;
  private unlisten?: () => Promise<void>;
  private stopTakingHandOffs?: () => void;
  private dirty = false;
  private listenConnected = false;
  private handedOff: EventEnvelope[] = [];
  /** Requests among the handed-off envelopes (envelope id → correlation id), until published. */
  private readonly requests = new Map<string, string>();
  private flushing?: Promise<void>;
  /** Published by the hand-off, waiting to be marked sent (see markDelayMs). */
  private toMark: EventEnvelope[] = [];
  private markTimer?: NodeJS.Timeout;
  private marking?: Promise<void>;

  constructor(private readonly options: RelayOptions) {
    this.db = options.database.forService(options.service);
  }

  /**
   * True while this relay's LISTEN connection is in place. While it is not, no hand-off arrives:
   * the polling pass takes every pending row at once, without leaving fresh ones to a hand-off.
   */
  get listening(): boolean {
    return this.listenConnected;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    // Writers that saw their own commit (a statement run alone) hand over without a NOTIFY.
    this.stopTakingHandOffs = onCommittedHandOff(this.options.service, (token) => this.onCommitted(token));
    this.unlisten = await this.options.database.listen(
      outboxChannel(this.options.service),
      (payload) => this.onCommitted(payload),
      {
        onConnectionChange: (connected) => {
          const restored = connected && !this.listenConnected;
          this.listenConnected = connected;
          // Notifications of the gap were lost: their rows are the polling pass's now.
          if (restored || !connected) this.kick();
        },
      },
    );
    this.loop = this.run();
  }

  /** Look for work now. */
  kick(): void {
    this.dirty = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopTakingHandOffs?.();
    this.wake?.();
    await this.loop;
    await this.unlisten?.();
    await this.flushing;
    await this.markPublished();
  }

  /** A NOTIFY on the outbox channel: a transaction that wrote outbox rows has committed. */
  private onCommitted(token: string): void {
    if (!token) return this.kick(); // written without a hand-off: look at the table now
    const handOff = takeHandOffWithRequests(this.options.service, token);
    // Unknown token: another instance wrote it and publishes it; our polling pass is the fallback.
    if (!handOff || !this.running) return;
    this.handedOff.push(...handOff.envelopes);
    for (const [id, correlationId] of handOff.requests ?? []) this.requests.set(id, correlationId);
    this.flushing ??= this.flushHandOffs().finally(() => {
      this.flushing = undefined;
    });
  }

  /**
   * Publish handed-off envelopes in batches (whatever commits while a batch is at the broker goes in
   * the next one), then mark the confirmed ones sent. A failure leaves the rows to the polling pass.
   */
  private async flushHandOffs(): Promise<void> {
    const { batchSize = 100 } = this.options;
    // Let the commits of this turn of the event loop join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.handedOff.length > 0) {
      const batch = this.handedOff.splice(0, batchSize);
      const requests = new Map<string, string>();
      for (const envelope of batch) {
        const correlationId = this.requests.get(envelope.id);
        if (correlationId === undefined) continue;
        requests.set(envelope.id, correlationId);
        this.requests.delete(envelope.id);
      }
      try {
        const errors = await this.publishEnvelopes(batch, requests.size ? { requests } : undefined);
        const published = batch.filter((_, i) => !errors[i]);
        const failed = errors.filter(Boolean);
        if (failed.length)
          this.options.logger.warn(
            { err: String(failed[0]), failed: failed.length },
            'publishing after commit failed; the polling pass will retry',
          );
        this.toMark.push(...published);
        this.markTimer ??= setTimeout(() => void this.markPublished(), this.options.markDelayMs ?? 200);
      } catch (err) {
        this.options.logger.warn({ err: String(err) }, 'after-commit publish failed; the polling pass will retry');
      }
    }
  }

  /**
   * Mark what the hand-off published (in one statement, whatever was confirmed since the last
   * time). A failure leaves the rows unmarked: the polling pass publishes them again, which every
   * consumer's inbox makes harmless.
   */
  private async markPublished(): Promise<void> {
    clearTimeout(this.markTimer);
    this.markTimer = undefined;
    await this.marking;
    const published = this.toMark.splice(0);
    if (published.length === 0) return;
    this.marking = withDeadline(this.markSent(published), 30_000, 'marking published outbox rows')
      .catch((err) =>
        this.options.logger.warn({ err: String(err), events: published.length }, 'marking published rows failed'),
      )
      .finally(() => {
        this.marking = undefined;
      });
    await this.marking;
  }

  /** Mark published rows sent; a secret-bearing event is redacted in the same statement (see redact.ts). */
  private async markSent(published: EventEnvelope[]): Promise<void> {
    const redacted = published.flatMap((envelope) => {
      const r = redactPublished(envelope);
      return r ? [{ id: envelope.id, envelope: r }] : [];
    });
    const redactedIds = new Set(redacted.map((r) => r.id));
    const withContact = published.filter((e) => CONTACT_BEARING_EVENTS.has(e.type)).map((e) => e.id);
    const contactIds = new Set(withContact);
    const sent = published.map((e) => e.id).filter((id) => !redactedIds.has(id) && !contactIds.has(id));
    if (sent.length) {
      await markSentStatement(this.db, { ids: sent });
    }
    if (withContact.length) {
      await markSentRedactingContactStatement(this.db, { ids: withContact });
    }
    for (const { id, envelope } of redacted) {
      await this.db
        .updateTable('outbox')
        .set({ processed_at: sql`now()`, locked_until: null, last_error: null, envelope: JSON.stringify(envelope) })
        .where('id', '=', id)
        .execute();
    }
  }

  /**
   * Publish with the broker's confirms awaited together. Each event's producer span is the bus's
   * (amqplib's instrumentation, under the trace the event was written in); the relay adds none.
   */
  private async publishEnvelopes(
    envelopes: EventEnvelope[],
    options?: PublishOptions,
  ): Promise<Array<Error | undefined>> {
    const errors = await publishAll(this.options.bus, envelopes, options);
    envelopes.forEach((envelope, i) => {
      if (!errors[i]) eventsPublished.inc({ service: this.options.service, event_type: envelope.type });
    });
    return errors;
  }

  /** Publish everything pending once; returns how many rows were handled. Exposed for tests. */
  async drainOnce(): Promise<number> {
    const { batchSize = 100, lockSeconds = 30, handOffGraceMs = 2000 } = this.options;
    const graceSeconds = this.listenConnected ? handOffGraceMs / 1000 : 0;
    const rows = await this.db.transaction().execute(async (trx) => {
      const claimed = (await claimStatement(trx, { graceSeconds, batchSize })) as OutboxRow[];
      if (claimed.length > 0) await lockStatement(trx, { ids: claimed.map((r) => r.id), lockSeconds });
      return claimed;
    });
    if (rows.length === 0) return 0;

    const errors = await this.publishEnvelopes(rows.map(envelopeOf));
    await this.markSent(rows.filter((_, i) => !errors[i]).map(envelopeOf));
    const { maxAttempts = 20 } = this.options;
    for (const [i, reason] of errors.entries()) {
      if (!reason) continue;
      const row = rows[i]!;
      const attempts = row.attempts + 1;
      const error = reason.message;
      const backoffSeconds = backoffMs(attempts + 1, 250, 30_000) / 1000;
      // A broker outage is nobody's fault: only failures of the event itself count towards abandoning it.
      const abandon = attempts >= maxAttempts && !isTransientError(reason);
      await this.db
        .updateTable('outbox')
        .set({
          last_error: error,
          locked_until: sql`now() + make_interval(secs => ${backoffSeconds})`,
          ...(abandon ? { abandoned_at: sql`now()` } : {}),
        })
        .where('id', '=', row.id)
        .execute()
        .catch(() => {});
      if (abandon) this.options.logger.error({ id: row.id, error }, 'outbox event abandoned after max attempts');
    }
    return rows.length;
  }

  private async run(): Promise<void> {
    const { pollIntervalMs = 1000 } = this.options;
    while (this.running) {
      this.dirty = false;
      let handled = 0;
      try {
        handled = await withDeadline(this.drainOnce(), this.options.passDeadlineMs ?? 45_000, 'outbox relay pass');
      } catch (err) {
        this.options.logger.warn({ err: String(err) }, 'outbox relay pass failed');
      }
      if (!this.running) break;
      if (handled > 0 || this.dirty) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollIntervalMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }
}

const envelopeOf = (row: OutboxRow): EventEnvelope =>
  typeof row.envelope === 'string' ? JSON.parse(row.envelope) : row.envelope;
