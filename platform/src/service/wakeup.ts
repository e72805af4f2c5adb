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

/** Wake-ups keyed by a name (e.g. a lead id): a request waits for its own key only. */
export interface KeyedWakeup {
  wake(key: string): void;
  onWake(key: string, fn: () => void): () => void;
}

/** A new keyed wake-up signal (one per service instance). */
export function createKeyedWakeup(): KeyedWakeup {
  const listeners = new Map<string, Set<() => void>>();
  return {
    wake(key) {
      for (const fn of [...(listeners.get(key) ?? [])]) fn();
    },
    onWake(key, fn) {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(fn);
      return () => {
        set.delete(fn);
        if (set.size === 0 && listeners.get(key) === set) listeners.delete(key);
      };
    },
  };
}
