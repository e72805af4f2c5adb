import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * True when the client has gone (closed the connection before its answer): whatever failed after
 * that — typically the proxied call, aborted on its behalf (undici's UND_ERR_ABORTED) — is the
 * client's choice, not a fault of ours, and is logged at info. An upstream failure while the
 * client still waits is not this.
 */
export function clientWentAway(request: FastifyRequest, reply: FastifyReply): boolean {
  const socket = request.raw.socket as { destroyed?: boolean } | null | undefined;
  return Boolean(socket?.destroyed || reply.raw.destroyed || (request.raw.destroyed && !request.raw.complete));
}
