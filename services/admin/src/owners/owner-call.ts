import {
  INTERNAL_CALLS,
  MESSAGES,
  type InternalCallName,
  type InternalResponse,
  type ServiceName,
} from '@leadmarket/contracts';
import {
  callInternal,
  HttpError,
  ServiceCallError,
  type InternalCallOptions,
  type ServiceContext,
} from '@leadmarket/platform';
import type { AdminDatabase } from '../db/database.js';

/**
 * Call an owning service's internal route typed in contracts/src/calls/internal.ts for an admin
 * function: the owner's declared answer comes back. The owner's 4xx answers (its message, e.g. an
 * unknown contractor) pass through; an owner that is down or failing answers 503. Never invents data.
 */
export async function ownerCall<N extends InternalCallName>(
  ctx: ServiceContext<AdminDatabase>,
  name: N,
  options: InternalCallOptions<N>,
): Promise<InternalResponse<N>> {
  try {
    return await callInternal(ctx.clients, name, options);
  } catch (error) {
    throw ownerError(INTERNAL_CALLS[name].owner, INTERNAL_CALLS[name].path, error);
  }
}

/** The HttpError an admin function answers for a failed owner call. */
export function ownerError(service: ServiceName, path: string, error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof ServiceCallError) {
    if (error.status >= 400 && error.status < 500) {
      const message = typeof error.body?.message === 'string' ? error.body.message : `${service} refused the request`;
      return new HttpError(error.status, message, typeof error.body?.field === 'string' ? error.body.field : undefined);
    }
    return new HttpError(503, `${MESSAGES.server.unavailable} (${service})`);
  }
  return new HttpError(503, `${MESSAGES.server.unavailable} (${service})`);
}
