import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Where the kernel picks the local ports of outgoing connections (Linux), else its default. */
function ephemeralPortRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low! > 0 && high! >= low!) return [low!, high!];
  } catch {
    // Not Linux: IANA's dynamic range.
  }
  return [49152, 65535];
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/**
 * The first port of a block of `size` ports that are free now and all below the kernel's ephemeral
 * range, for a server that is told its port before it listens (a stack's service instances at
 * `basePort + service × 10 + instance`, an embedded marketplace that must know its own address). A
 * port inside that range, found free and closed again, can be taken a moment later by any outgoing
 * connection on the machine, and the server that then listens fails with EADDRINUSE: a chaos run
 * counted such an exit as a crash, and a browser test file failed to start.
 */
export async function freePortBlock(size = 100): Promise<number> {
  const [ephemeralLow, ephemeralHigh] = ephemeralPortRange();
  const [low, high] = ephemeralLow > 20_000 + size ? [20_000, ephemeralLow - size] : [ephemeralHigh + 1, 65_536 - size];
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = low + Math.floor((Math.random() * (high - low)) / size) * size;
    const ports = Array.from({ length: size }, (_, i) => base + i);
    if ((await Promise.all(ports.map(portIsFree))).every(Boolean)) return base;
  }
  throw new Error(`no block of ${size} free ports between ${low} and ${high + size}`);
}

/** One port, free now and below the ephemeral range (see freePortBlock), for a server told its port in advance. */
export const freePort = (): Promise<number> => freePortBlock(1);
