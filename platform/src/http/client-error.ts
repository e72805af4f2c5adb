import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

const ANSWERS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    message:
      'The request headers are too large. Please clear this site’s cookies or shorten the address and try again.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive. Please try again.' },
};
const MALFORMED = { status: 400, message: 'The request could not be read. Please try again.' };

/**
 * A request Node could not parse (headers too large, a request line that is not HTTP, one that took
 * too long) never reaches a route: it is answered here, on the socket, in the usual error shape and
 * plain words, and the connection is closed. A HEAD request gets the status and headers only (a body
 * would be read as the start of the next answer).
 */
export function answerClientError(err: Error & { code?: string; rawPacket?: unknown }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = ANSWERS[err.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify({ detail: message, message });
  // What Node had read of the request (its start, with the method).
  const head =
    Buffer.isBuffer(err.rawPacket) && err.rawPacket.subarray(0, 5).toString('latin1').toUpperCase() === 'HEAD ';
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  // Ended, not destroyed: a socket closed with the rest of the request still unread sends a reset,
  // and the caller's stack may drop our answer with it (Node 24 closes that fast, and the reset won
  // every time). The rest is read and discarded until the caller closes, for a few seconds at most.
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
      (head ? '' : body),
  );
  socket.resume();
  socket.once('end', () => socket.destroy());
  setTimeout(() => socket.destroy(), DRAIN_MS).unref();
}

/** How long a refused request's remaining bytes are read before the connection is dropped anyway. */
const DRAIN_MS = 5_000;
