import pg from 'pg';
import type { Logger } from '../logger.js';
import { backoffMs, withDeadline } from '../transient.js';

/** What a LISTEN subscriber may hear about its connection besides the notifications. */
export interface ListenOptions {
  /**
   * Told true each time LISTEN is in place (the first time too) and false when its connection is
   * lost. Notifications sent in between are never delivered: after a false, look at the table.
   */
  onConnectionChange?(connected: boolean): void;
}

export interface HealingListenerOptions extends ListenOptions {
  config: pg.ClientConfig;
  channel: string;
  onNotify(payload: string): void;
  logger?: Logger;
  /** A connection that stops answering (a blackhole sends no reset) is found by a ping this often. */
  pingIntervalMs: number;
  pingDeadlineMs: number;
  /** Reconnect back-off: first delay and cap. */
  retryBaseMs?: number;
  retryCapMs?: number;
}

/**
 * A LISTEN that outlives its connection. A dedicated client listens on one channel; when the
 * connection is reset, ends or stops answering a ping, the client is dropped and a new one is
 * opened with capped, jittered back-off and subscribes again. The owner is told of each loss and
 * each return, so it can fall back to polling meanwhile and catch up on what it missed.
 */
export class HealingListener {
  private client?: pg.Client;
  private connected = false;
  private stopped = false;
  private attempt = 0;
  private retryTimer?: NodeJS.Timeout;
  private pingTimer?: NodeJS.Timeout;

  constructor(private readonly o: HealingListenerOptions) {}

  /** True while LISTEN is in place. */
  get isConnected(): boolean {
    return this.connected;
  }

  /** The first attempt: resolves once it subscribed or failed (then it keeps trying in the background). */
  start(): Promise<void> {
    return this.connect();
  }

  async stop(deadlineMs: number): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.pingTimer);
    const client = this.client;
    this.client = undefined;
    if (client) await withDeadline(client.end(), deadlineMs, 'closing a LISTEN connection').catch(() => {});
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client(this.o.config);
    this.client = client;
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    client.on('notification', (msg) => {
      if (msg.channel === this.o.channel && client === this.client) this.o.onNotify(msg.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.o.channel)}`);
    } catch (err) {
      this.lost(client, err);
      return;
    }
    if (client !== this.client) return; // lost (or stopped) while subscribing
    if (this.attempt > 0)
      this.o.logger?.info({ channel: this.o.channel, attempts: this.attempt }, 'LISTEN connection restored');
    this.attempt = 0;
    this.connected = true;
    this.o.onConnectionChange?.(true);
    this.schedulePing(client);
  }

  private schedulePing(client: pg.Client): void {
    this.pingTimer = setTimeout(() => {
      withDeadline(client.query('select 1'), this.o.pingDeadlineMs, 'LISTEN connection ping').then(
        () => {
          if (client === this.client) this.schedulePing(client);
        },
        (err: unknown) => this.lost(client, err),
      );
    }, this.o.pingIntervalMs);
    this.pingTimer.unref();
  }

  /** Drop `client` (once, however many ways it reported its end) and schedule the next attempt. */
  private lost(client: pg.Client, err: unknown): void {
    if (client !== this.client) return;
    this.client = undefined;
    clearTimeout(this.pingTimer);
    // Not awaited: a silent peer may never answer the goodbye.
    void client.end().catch(() => {});
    if (this.stopped) return;
    const wasConnected = this.connected;
    this.connected = false;
    this.attempt++;
    const delay = backoffMs(this.attempt, this.o.retryBaseMs ?? 250, this.o.retryCapMs ?? 5000);
    if (wasConnected) {
      this.o.logger?.warn(
        { channel: this.o.channel, err: String(err) },
        'LISTEN connection lost; reconnecting, polling covers the gap',
      );
      this.o.onConnectionChange?.(false);
    } else if (this.attempt === 1 || this.attempt % 10 === 0) {
      this.o.logger?.warn(
        { channel: this.o.channel, err: String(err), attempts: this.attempt },
        'LISTEN connection unavailable; retrying, polling covers the gap',
      );
    }
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }
}
