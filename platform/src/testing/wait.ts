/**
 * Poll `check` until it returns a truthy value or `timeoutMs` passes (then throw with `what`).
 * The default bound is generous on purpose: it only matters when something is wrong, and a busy
 * 2-core machine can take seconds to run a pipeline step that takes milliseconds when idle.
 */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  what: string,
  timeoutMs = 20_000,
  intervalMs = 20,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** The part of a service's Kysely this helper reads: its own `inbox` table. */
interface InboxReader {
  selectFrom(table: 'inbox'): {
    select(column: 'event_id'): {
      where(column: 'event_id', op: '=', value: string): { executeTakeFirst(): Promise<unknown> };
    };
  };
}

/**
 * Wait until a service's consumer has handled (committed) the event with this envelope id: its
 * inbox row is written in the handler's transaction. Publish a later event and wait for it here to
 * prove that an earlier one has been dealt with, instead of sleeping before a "nothing happened" check.
 */
export async function waitUntilHandled(db: unknown, eventId: string, timeoutMs = 15_000): Promise<void> {
  await waitFor(
    async () =>
      (await (db as InboxReader)
        .selectFrom('inbox')
        .select('event_id')
        .where('event_id', '=', eventId)
        .executeTakeFirst()) !== undefined,
    `event ${eventId} to be handled`,
    timeoutMs,
  );
}
