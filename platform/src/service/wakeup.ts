/**
 * A wake-up signal owned by one service instance: a consumer that committed work for a loop of
 * its service (the matcher, the sender) rings it after commit; the loop listens. A wake is only
 * a hint: the loop also runs on its interval, so a missed wake only delays work.
 */
export interface Wakeup {
  /** Ring: every listener runs now. */
  wake(): void;
  /** Listen; returns the function that stops listening. */
  onWake(fn: () => void): () => void;
}

/** A new wake-up signal (one per service instance, kept in its context). */
export function createWakeup(): Wakeup {
  const listeners = new Set<() => void>();
  return {
    wake() {
      for (const fn of [...listeners]) fn();
    },
    onWake(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}
