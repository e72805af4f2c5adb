import type { Logger } from '../logger.js';
import { isTransientError } from '../transient.js';

let installed = false;

/**
 * The last line of defence of a long-running process. A stray socket error (a database or broker
 * connection reset with no listener on some client) is an outage, not a reason to die: log it and
 * carry on, the pools replace the connection. Anything else is a bug: log it and exit so the
 * runner restarts a clean process. A rejected promise nobody awaited is logged.
 */
export function installProcessSafetyNet(logger: Logger): void {
  if (installed) return;
  installed = true;
  process.on('uncaughtException', (err) => {
    if (isTransientError(err)) {
      logger.error({ err: String(err), code: (err as { code?: unknown }).code }, 'stray connection error; continuing');
      return;
    }
    logger.fatal({ err }, 'uncaught exception; exiting');
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: String(reason) }, 'unhandled promise rejection');
  });
}
