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
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Connection: close\r\n' +
        'Content-Type: application/json; charset=utf-8\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
        (head ? '' : body),
    );
  socket.destroy();
}
