import type { Logger } from '../logger.js';

/** A background job: started after the service listens, stopped before it closes. */
export interface BackgroundJob {
  name: string;
  start(): void;
  stop(): Promise<void>;
}

/** A job that runs `fn` every `intervalMs` (never two runs at once); errors are logged, not fatal. */
export function intervalJob(name: string, intervalMs: number, logger: Logger, fn: () => Promise<void>): BackgroundJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    running = fn()
      .catch((err) => logger.warn({ err: String(err), job: name }, 'background job failed'))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  return {
    name,
    start() {
      timer = setTimeout(tick, intervalMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * A job that runs `pass` when woken and at least every `intervalMs` (the fallback when a wake is
 * missed). A wake during a pass runs one more pass right after it, never two at once.
 * `subscribe` connects it to the service's wake-up signal and returns the unsubscribe function.
 */
export function wakeableJob(
  name: string,
  intervalMs: number,
  logger: Logger,
  pass: (isStopped: () => boolean) => Promise<void>,
  subscribe: (wake: () => void) => () => void,
): BackgroundJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  const isStopped = () => stopped;
  const kick = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = pass(isStopped)
      .catch((err) => logger.warn({ err: String(err), job: name }, 'background pass failed'))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          kick();
        } else timer = setTimeout(kick, intervalMs);
      });
  };
  return {
    name,
    start() {
      unsubscribe = subscribe(kick);
      kick();
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      clearTimeout(timer);
      await running;
    },
  };
}
