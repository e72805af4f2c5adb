import { MESSAGES, type ServiceName } from '@leadmarket/contracts';
import { HttpError, ServiceCallError, type CallOptions, type ServiceContext } from '@leadmarket/platform';
import type { AdminDatabase } from '../db/database.js';

/** True when the owner answered that the route itself does not exist (yet), as opposed to an unknown id. */
const routeMissing = (error: ServiceCallError) =>
  error.status === 501 ||
  error.status === 405 ||
  (error.status === 404 &&
    typeof error.body?.message === 'string' &&
    error.body.message.startsWith(MESSAGES.server.notFound));

/**
 * Call an owning service's internal route for an admin function. The owner's 4xx answers (its
 * message, e.g. an unknown contractor) pass through; a route the owner has not built answers 502
 * naming it, and an owner that is down or failing answers 503. Never invents data.
 */
export async function callOwner<T = any>(
  ctx: ServiceContext<AdminDatabase>,
  service: ServiceName,
  path: string,
  options: CallOptions = {},
): Promise<T> {
  try {
    return await ctx.clients.call<T>(service, path, options);
  } catch (error) {
    throw ownerError(service, path, error);
  }
}

/** The HttpError an admin function answers for a failed owner call. */
export function ownerError(service: ServiceName, path: string, error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof ServiceCallError) {
    if (routeMissing(error)) return new HttpError(502, `${service} does not provide ${path.split('?')[0]} yet`);
    if (error.status >= 400 && error.status < 500) {
      const message = typeof error.body?.message === 'string' ? error.body.message : `${service} refused the request`;
      return new HttpError(error.status, message, typeof error.body?.field === 'string' ? error.body.field : undefined);
    }
    return new HttpError(503, `${MESSAGES.server.unavailable} (${service})`);
  }
  return new HttpError(503, `${MESSAGES.server.unavailable} (${service})`);
}
