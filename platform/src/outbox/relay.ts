import type { EventEnvelope, ServiceName } from '@leadmarket/contracts';
import { sql, type Kysely } from 'kysely';
import type { EventBus } from '../bus/event-bus.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../logger.js';
import { contextFromTraceparent, currentTraceparent, SpanKind, withSpan } from '../telemetry.js';
import { outboxChannel } from './outbox.js';
import { redactPublished } from './redact.js';

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
}

interface OutboxRow {
  id: string;
  envelope: EventEnvelope | string;
  attempts: number;
}

/**
 * Publishes a service's outbox: claims pending rows with FOR UPDATE SKIP LOCKED (so several
 * instances share the work), publishes each with a broker confirm, and only then marks it sent.
 * Failed publishes are retried with backoff up to maxAttempts.
 */
export class OutboxRelay {
  private readonly db: Kysely<any>;
  private running = false;
  private wake?: () => void;
  private loop?: Promise<void>;
  private unlisten?: () => Promise<void>;
  private dirty = false;

  constructor(private readonly options: RelayOptions) {
    this.db = options.database.forService(options.service);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      this.unlisten = await this.options.database.listen(outboxChannel(this.options.service), () => this.kick());
    } catch (err) {
      this.options.logger.warn({ err: String(err) }, 'outbox LISTEN unavailable; relying on polling');
    }
    this.loop = this.run();
  }

  /** Look for work now. */
  kick(): void {
    this.dirty = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    await this.unlisten?.();
  }

  /** Publish everything pending once; returns how many rows were handled. Exposed for tests. */
  async drainOnce(): Promise<number> {
    const { batchSize = 100, lockSeconds = 30 } = this.options;
    const rows = await this.db.transaction().execute(async (trx) => {
      const claimed = (await trx
        .selectFrom('outbox')
        .select(['id', 'envelope', 'attempts'])
        .where('processed_at', 'is', null)
        .where('abandoned_at', 'is', null)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
        .orderBy('created_at')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .execute()) as OutboxRow[];
      if (claimed.length > 0) {
        await trx
          .updateTable('outbox')
          .set({ locked_until: sql`now() + make_interval(secs => ${lockSeconds})`, attempts: sql`attempts + 1` })
          .where(
            'id',
            'in',
            claimed.map((r) => r.id),
          )
          .execute();
      }
      return claimed;
    });
    if (rows.length === 0) return 0;

    const results = await Promise.allSettled(rows.map((row) => this.publish(row)));
    const published = rows.filter((_, i) => results[i]!.status === 'fulfilled');
    // A secret-bearing event is marked sent and redacted in one statement: its raw token is not
    // kept a moment longer than the publish needed it (see redact.ts).
    const redacted = published.flatMap((row) => {
      const envelope = redactPublished(envelopeOf(row));
      return envelope ? [{ id: row.id, envelope }] : [];
    });
    const redactedIds = new Set(redacted.map((r) => r.id));
    const sent = published.map((r) => r.id).filter((id) => !redactedIds.has(id));
    if (sent.length) {
      await this.db
        .updateTable('outbox')
        .set({ processed_at: sql`now()`, locked_until: null, last_error: null })
        .where('id', 'in', sent)
        .execute();
    }
    for (const { id, envelope } of redacted) {
      await this.db
        .updateTable('outbox')
        .set({ processed_at: sql`now()`, locked_until: null, last_error: null, envelope: JSON.stringify(envelope) })
        .where('id', '=', id)
        .execute();
    }
    const { maxAttempts = 20 } = this.options;
    for (const [i, result] of results.entries()) {
      if (result.status === 'fulfilled') continue;
      const row = rows[i]!;
      const attempts = row.attempts + 1;
      const error = String((result.reason as Error)?.message ?? result.reason);
      const backoffSeconds = Math.min(30, 0.25 * 2 ** Math.min(attempts, 8));
      await this.db
        .updateTable('outbox')
        .set({
          last_error: error,
          locked_until: sql`now() + make_interval(secs => ${backoffSeconds})`,
          ...(attempts >= maxAttempts ? { abandoned_at: sql`now()` } : {}),
        })
        .where('id', '=', row.id)
        .execute()
        .catch(() => {});
      if (attempts >= maxAttempts)
        this.options.logger.error({ id: row.id, error }, 'outbox event abandoned after max attempts');
    }
    return rows.length;
  }

  private async publish(row: OutboxRow): Promise<void> {
    const envelope = envelopeOf(row);
    await withSpan(
      `publish ${envelope.type}`,
      {
        parent: contextFromTraceparent(envelope.traceparent),
        kind: SpanKind.PRODUCER,
        attributes: { 'messaging.message.id': envelope.id },
      },
      // The consumer continues from the publish span, so the trace shows the hop through the broker.
      () => this.options.bus.publish({ ...envelope, traceparent: currentTraceparent() ?? envelope.traceparent }),
    );
  }

  private async run(): Promise<void> {
    const { pollIntervalMs = 1000 } = this.options;
    while (this.running) {
      this.dirty = false;
      let handled = 0;
      try {
        handled = await this.drainOnce();
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
