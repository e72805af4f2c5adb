import type { Socket } from 'node:net';

/**
 * Make every write a socket receives within one tick leave as one system call. amqplib writes each
 * frame on its own (a batch of 16 acks is 16 writes, each a trip through the kernel's loopback or
 * network stack, ~0.1 ms of CPU apiece here); corked until the tick ends, they leave together as one
 * writev. Nothing waits longer than the current tick, so no latency is added.
 */
export function coalesceWrites(socket: Socket): void {
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  (socket as { write: unknown }).write = (...args: unknown[]) => {
    if (!corked && !socket.destroyed) {
      corked = true;
      socket.cork();
      process.nextTick(uncork);
    }
    return write(...args);
  };
}
