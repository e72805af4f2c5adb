/**
 * Keep the machine's cores busy for a while, to run the test suite as it runs on a loaded CI box:
 *
 *   npx tsx bench/src/cpu-load.ts --seconds 900 & npm test; kill %1
 *
 * Options: --seconds N (how long, default 600, at most 3600 so a forgotten load ends by itself) and
 * --workers N (busy threads, default every core). Each worker spins in short slices and checks the
 * deadline between them; SIGINT/SIGTERM stop everything at once.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const MAX_SECONDS = 3600;

/**
 * One busy thread: spin until the deadline (epoch ms) passed in workerData, a core at 100 %. Plain
 * JavaScript evaluated in the worker (a worker cannot load this .ts file without tsx's loader).
 */
const SPIN = `
const { workerData } = require('node:worker_threads');
let x = 0;
while (Date.now() < workerData.deadline) {
  for (let i = 0; i < 100000; i++) x = (x * 31 + i) % 1000003;
}
`;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`--${name} needs a positive number`);
    process.exit(2);
  }
  return value;
}

const seconds = Math.min(option('seconds', 600), MAX_SECONDS);
const workers = Math.min(Math.floor(option('workers', availableParallelism())), 64);
const deadline = Date.now() + seconds * 1000;
console.log(`[cpu-load] ${workers} busy thread(s) for ${seconds} s (pid ${process.pid})`);
const threads = Array.from({ length: workers }, () => new Worker(SPIN, { eval: true, workerData: { deadline } }));
const stop = () => {
  for (const t of threads) void t.terminate();
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
await Promise.all(threads.map((t) => new Promise((resolve) => t.once('exit', resolve))));
console.log('[cpu-load] done');
