import { createKeyedWakeup, type Database, type Logger } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import { findLead, type LeadRow } from './db/lead.repository.js';
import type { LeadIntakeDatabase } from './db/database.js';

/** PostgreSQL channel the LeadScreened consumer notifies (in its transaction), so a request waiting on another instance wakes too. */
export const LEAD_SCREENED_CHANNEL = 'lm_lead_intake_screened';

const POLL_MS = 200;

/**
 * Lets leads-submit wait a bounded time for its lead's verdict. Three wake-up paths, any one
 * enough: this instance's own consumer (`wake`, after its commit), PostgreSQL LISTEN (other
 * instances), and polling (a lost notify). One per lead-intake instance, in its context.
 */
export class ScreeningWaiter {
  private unlisten?: () => Promise<void>;
  private readonly wakeup = createKeyedWakeup();

  constructor(
    private readonly db: Kysely<LeadIntakeDatabase>,
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    try {
      this.unlisten = await this.database.listen(LEAD_SCREENED_CHANNEL, (leadId) => this.wake(leadId));
    } catch (err) {
      this.logger.warn({ err: String(err) }, 'LISTEN for screening verdicts failed; falling back to polling');
    }
  }

  /** Wake the requests of this instance waiting for `leadId`'s verdict. */
  wake(leadId: string): void {
    this.wakeup.wake(leadId);
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
  }

  /** The lead once screened, or its still-unscreened row when `timeoutMs` passes. */
  async waitForVerdict(leadId: string, timeoutMs: number): Promise<LeadRow | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const lead = await findLead(this.db, leadId);
      if (!lead || lead.screened_at || lead.status !== 'screening') return lead;
      const left = deadline - Date.now();
      if (left <= 0) return lead;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          stopListening();
          resolve();
        };
        const timer = setTimeout(done, Math.min(POLL_MS, left));
        const stopListening = this.wakeup.onWake(leadId, done);
      });
    }
  }
}
