import { MESSAGES, SERVICE_DOWN_RETRY_AFTER_SECONDS, SERVICE_LABELS, type ServiceName } from '@leadmarket/contracts';
import { HttpError } from '@leadmarket/platform';

/**
 * The answer to a function whose service has no instance answering: 503 with Retry-After and a
 * message naming what is down in a person's words, so the page can say which part waits while the
 * rest of the site goes on working.
 */
export const serviceDown = (service: ServiceName): HttpError =>
  new HttpError(
    503,
    MESSAGES.server.serviceDown(SERVICE_LABELS[service], SERVICE_DOWN_RETRY_AFTER_SECONDS),
    undefined,
    { retry_after: SERVICE_DOWN_RETRY_AFTER_SECONDS },
  );
