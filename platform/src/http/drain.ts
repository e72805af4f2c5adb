import type { IncomingMessage } from 'node:http';

/**
 * Read and discard what is left of a request body, so a client still sending it finishes and then
 * reads our answer (a 413 sent mid-upload is otherwise followed by a closed socket, and most clients
 * report "connection reset" instead of the answer). Bounded: past `maxBytes` or `timeoutMs` it gives
 * up and the connection is closed as before.
 */
export function drainRequest(
  raw: IncomingMessage,
  { maxBytes, timeoutMs }: { maxBytes: number; timeoutMs: number },
): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let received = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('error', finish);
      raw.off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) finish();
    };
    const timer = setTimeout(finish, timeoutMs);
    raw.on('data', onData);
    raw.on('end', finish);
    raw.on('error', finish);
    raw.on('close', finish);
    raw.resume();
  });
}
